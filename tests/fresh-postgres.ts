import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/*
 * A throw-away PostgreSQL database next to DATABASE_URL's, for one server suite
 * (tests/server/harness.ts) or one e2e run (tests/e2e/global-setup.ts): created empty,
 * migrated by whoever opens it, dropped afterwards even while connections are open.
 */

/** Creates an empty PostgreSQL database next to `server`'s (DATABASE_URL's), and its URL. */
export async function freshPostgres(
  server: string = process.env.DATABASE_URL!,
  prefix = 'ashray_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(server);
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(base.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
