import type { RolePermissions } from '../../sync/contract';
import type { Db } from '../db/client';

/** The signed-in user as routes see it; also the `data` of GET /api/me. */
export type AuthUser = {
  id: number;
  name: string;
  email: string;
  role: { id: number; name: string; permissions: RolePermissions | null };
  centerId: number;
  image: string | null;
};

export type AppDeps = {
  db: Db;
  /** Where uploads live (outside the web root). */
  uploadsDir: string;
  /** Take the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy?: boolean;
  /** Errors of the global handler go here (console.error by default). */
  logError?: (error: unknown) => void;
};

/** Hono environment of the API: deps on every request, the user after the bearer check. */
export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: AuthUser;
    token: string;
  };
};
