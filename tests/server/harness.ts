import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app';
import type { Logger } from 'drizzle-orm';
import { openDatabase, type Db } from '../../server/db/client';
import { seedDatabase, type SeedOptions } from '../../server/db/seed';
import { inject } from 'vitest';
import { databaseStore } from '../../server/files/database-store';
import { folderStore } from '../../server/files/folder-store';
import type { FileStore } from '../../server/files/store';
import { freshPostgres } from '../fresh-postgres';

/*
 * Each suite runs against every available database: in-memory PGlite always, and a
 * fresh PostgreSQL database (created and dropped per suite) when DATABASE_URL is set.
 * One seeded database is shared by all tests of a file to keep the suites fast. On PGlite
 * with the default seed it starts as a copy of the database global-setup.ts migrated and
 * seeded once for the run.
 */

export type DatabaseKind = 'pglite' | 'postgres';
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const DEMO_PASSWORD = 'demo1234';

export type Harness = {
  db: Db;
  app: ReturnType<typeof createApp>;
  /**
   * Where this harness keeps uploads, as a server on the same database would by default: a
   * temporary folder on PGlite, the `files` table on PostgreSQL.
   */
  files: FileStore;
  timings: { open: number; migrate: number; seed: number };
  /** Logs in and returns the bearer token. */
  login: (email: string, password?: string) => Promise<string>;
  request: (path: string, init?: RequestInit & { token?: string; json?: unknown }) => Promise<Response>;
  close: () => Promise<void>;
};

export async function createHarness(
  kind: DatabaseKind,
  seed: Partial<SeedOptions> = {},
  /**
   * `specOnly`: the app as SPEC_ONLY=1 builds it (server/core/spec-only.ts); `fileStore`
   * overrides the database's default store.
   */
  options: {
    logError?: (entry: unknown) => void;
    specOnly?: boolean;
    fileStore?: 'folder' | 'database';
    /** Sees every statement (a test counts the queries of a call). */
    logger?: Logger;
  } = {},
): Promise<Harness> {
  const t0 = performance.now();
  const pg = kind === 'postgres' ? await freshPostgres() : null;
  const copy = kind === 'pglite' && Object.keys(seed).length === 0 ? seededCopy() : undefined;
  const database = await openDatabase({
    ...(pg ? { databaseUrl: pg.url } : { memory: true, loadDataDir: copy }),
    logger: options.logger,
  });
  const t1 = performance.now();
  await database.migrate(); // a copy has every migration already: this only checks
  const t2 = performance.now();
  if (!copy) {
    await seedDatabase(database.db, { demo: true, demoPassword: DEMO_PASSWORD, ...seed });
    await database.analyzeStale(); // as startServer does after seeding
  }
  const t3 = performance.now();
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'ashray-uploads-'));
  const store = options.fileStore ?? (kind === 'postgres' ? 'database' : 'folder');
  const files = store === 'database' ? databaseStore(database.db) : folderStore(uploadsDir);
  const app = createApp({
    db: database.db,
    fileStore: files,
    logError: options.logError ?? (() => {}),
    specOnly: options.specOnly,
  });

  const request: Harness['request'] = (url, init = {}) => {
    const { token, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (json !== undefined) headers.set('content-type', 'application/json');
    return Promise.resolve(
      app.request(url, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }),
    );
  };
  const login: Harness['login'] = async (email, password = DEMO_PASSWORD) => {
    const response = await request('/api/login', { method: 'POST', json: { emailId: email, password } });
    const body = (await response.json()) as { data?: { token?: string } };
    if (response.status !== 200 || !body.data?.token) throw new Error(`login of ${email} failed: ${response.status}`);
    return body.data.token;
  };
  return {
    db: database.db,
    app,
    files,
    timings: { open: t1 - t0, migrate: t2 - t1, seed: t3 - t2 },
    login,
    request,
    close: async () => {
      await database.close();
      await pg?.drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

let seeded: Blob | undefined;

/** The seeded database of this run (global-setup.ts), read once per test file. */
function seededCopy(): Blob {
  seeded ??= new Blob([readFileSync(inject('seededPglite'))]);
  return seeded;
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
