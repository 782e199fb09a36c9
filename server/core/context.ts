import type { RolePermissions } from '../../sync/contract';
import type { Db } from '../db/client';
import type { FileStore } from '../files/store';
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
  /**
   * Where uploads live (outside the web root): a folder, the database or a bucket
   * (files/store.ts), so that every process of a deployment serves every file.
   */
  fileStore: FileStore;
  /**
   * Trusted proxies in front of the server (TRUST_PROXY): the client address is read from
   * X-Forwarded-For that many hops from the right. `true` is one proxy.
   */
  trustProxy?: boolean | number;
  /** Failed requests are logged here, without request data (one JSON line on stderr by default). */
  logError?: (entry: ErrorLogEntry) => void;
  /** Sees a copy of every API request before it is handled (the e2e wire test records them). */
  recordRequest?: (request: Request) => void;
  /**
   * SPEC_ONLY: answer only the documented calls, as the trust's backend does (extension
   * rows 404, delta parameters ignored, our added report fields left out; core/spec-only.ts).
   */
  specOnly?: boolean;
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
