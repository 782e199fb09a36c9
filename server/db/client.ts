import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { keepReportRule } from '../reports/summary';
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
};

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations and the contract's report rule (idempotent). */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PGlite (a folder, or memory) or PostgreSQL (DATABASE_URL). Both get the same
 * schema and the same committed migrations, applied by each driver's own migrator.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Notices ("relation already exists, skipping") are noise on every start.
    const sql = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client: sql, schema });
    return {
      db,
      driver: 'postgres',
      migrate: async () => {
        await migratePostgres(db, { migrationsFolder });
        await keepReportRule(db);
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  let client: PGlite;
  if (options.memory || !options.dataDir) {
    client = new PGlite();
  } else {
    const dir = path.join(options.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await keepReportRule(db);
    },
    close: () => client.close(),
  };
}
