import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { Logger } from 'drizzle-orm';
import { keepReportRule } from '../reports/summary';
import { keepPrepared } from './prepared';
import * as schema from './schema';

/** The one database type the routes see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseOptions = {
  /** Folder of the embedded database (`${dataDir}/pg`). */
  dataDir?: string;
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string;
  /** In-memory PGlite, for tests. */
  memory?: boolean;
  /** In-memory PGlite started from a copy made by `dumpDataDir` (tests start from one seeded copy). */
  loadDataDir?: Blob;
  /** Most PostgreSQL connections this process opens (DATABASE_POOL_SIZE); PGlite has one. */
  poolSize?: number;
  /** Sees every statement the app runs (tests count the queries of a call). */
  logger?: Logger;
};

/** Connections per process when DATABASE_POOL_SIZE is not set (postgres.js's own default). */
export const DEFAULT_POOL_SIZE = 10;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations and the contract's report rule (idempotent). */
  migrate: () => Promise<void>;
  /**
   * Brings the planner's statistics up to date where many rows changed since they were
   * taken (see analyzeStale); the tables analyzed. PostgreSQL's autovacuum does this by
   * itself, so there it does nothing.
   */
  analyzeStale: () => Promise<string[]>;
  /** PGlite only: the whole database as one tarball, for `loadDataDir`. */
  dumpDataDir?: () => Promise<Blob>;
  close: () => Promise<void>;
};

// The raw query's rows live in rows.ts, so prepared.ts can fall back to them without a cycle.
export { selectRows } from './rows';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PGlite (a folder, or memory) or PostgreSQL (DATABASE_URL). Both get the same
 * schema and the same committed migrations, applied by each driver's own migrator.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Notices ("relation already exists, skipping") are noise on every start.
    const sql = postgres(options.databaseUrl, { max: options.poolSize ?? DEFAULT_POOL_SIZE, onnotice: () => {} });
    const db = drizzlePostgres({ client: sql, schema, logger: options.logger });
    keepPrepared(db, { kind: 'postgres', client: sql, logger: options.logger });
    const databaseUrl = options.databaseUrl;
    return {
      db,
      driver: 'postgres',
      migrate: () =>
        whileLocked(databaseUrl, async () => {
          await migratePostgres(db, { migrationsFolder });
          await keepReportRule(db);
        }),
      analyzeStale: async () => [],
      close: () => sql.end({ timeout: 5 }),
    };
  }
  let client: PGlite;
  // pg_trgm: the child list's text filters search by trigram index (migration 0014).
  const extensions = { pg_trgm };
  if (options.memory || !options.dataDir) {
    client = new PGlite({ loadDataDir: options.loadDataDir, extensions });
  } else {
    const dir = path.join(options.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema, logger: options.logger });
  keepPrepared(db, { kind: 'pglite', client, logger: options.logger });
  const analyze = () => analyzeStale(client);
  const timer = setInterval(() => void analyze().catch(() => undefined), ANALYZE_EVERY_MS);
  timer.unref();
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await keepReportRule(db);
    },
    analyzeStale: analyze,
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      clearInterval(timer);
      await client.close();
    },
  };
}

/** The advisory lock key of the migrations ('ashray migrate'). */
const MIGRATE_LOCK = 0x61736872;

/**
 * Runs `work` while this process holds the migrations' advisory lock. Several processes
 * started at once on one empty database (README, Deployment) each ran the migrations and
 * all but one failed on `duplicate key … pg_type`: now one migrates, the others wait and
 * then find nothing left to apply. The lock is held on a connection of its own, outside
 * the pool, so the migrations' own connection is never the one waiting.
 */
async function whileLocked(databaseUrl: string, work: () => Promise<void>): Promise<void> {
  const lock = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await lock`select pg_advisory_lock(${MIGRATE_LOCK})`;
    await work();
  } finally {
    await lock.end({ timeout: 5 });
  }
}

/** How often PGlite's tables are checked for stale statistics. */
const ANALYZE_EVERY_MS = 60_000;

/**
 * PGlite has no autovacuum, so its planner statistics stay as they were when a table was
 * first read: a table filled after that is planned as nearly empty, and the report details'
 * joins then took 750 ms over 300 children instead of 20 ms. This ANALYZEs the tables whose
 * changed rows passed PostgreSQL's own autovacuum threshold (50 rows plus a tenth of the
 * table); ANALYZE samples rows, so its cost stays bounded however large a table grows.
 */
async function analyzeStale(client: PGlite): Promise<string[]> {
  // The counts of changed rows reach the statistics views when a session's pending ones are
  // flushed (at most once a second); the flush is asked for first, so none are missed.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_stat_user_tables
     where n_mod_since_analyze > 50 + 0.1 * n_live_tup order by 1`,
  );
  for (const { name } of rows) await client.exec(`analyze ${name}`);
  return rows.map((r) => r.name);
}
