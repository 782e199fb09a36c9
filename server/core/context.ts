import type { RolePermissions } from '../../sync/contract';
import type { Db } from '../db/client';
import type { ErrorLogEntry } from './errors';

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
  /**
   * Trusted proxies in front of the server (TRUST_PROXY): the client address is read from
   * X-Forwarded-For that many hops from the right. `true` is one proxy.
   */
  trustProxy?: boolean | number;
  /** Failed requests are logged here, without request data (one JSON line on stderr by default). */
  logError?: (entry: ErrorLogEntry) => void;
};

/** Hono environment of the API: deps on every request, the user after the bearer check. */
export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: AuthUser;
    token: string;
    requestId: string;
  };
};
