import path from 'node:path';
import { SeedConfigError, DEFAULT_ADMIN_EMAIL, DEFAULT_DEMO_PASSWORD } from './db/seed';
import { demoUsers } from './db/seed-data';
import { startServer } from './server';

/*
 * `npm start` / `npm run serve`: configuration only from the environment, so a fresh
 * clone runs with none (embedded PGlite in ./data, demo data, port 8080).
 */
const env = process.env;
const seedDemo = env.SEED_DEMO !== '0';
const demoPassword = env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;

try {
  const server = await startServer({
    port: env.PORT ? Number(env.PORT) : 8080,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    seedDemo,
    demoPassword,
    adminEmail: env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    trustProxy: env.TRUST_PROXY === '1',
  });
  const lines = [`Ashray is running at ${server.url}`, `Database: ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.resolve(env.DATA_DIR || './data', 'pg')}`}`];
  if (server.seed.seeded) lines.push(`Seeded in ${Math.round(server.timings.seed)} ms${server.seed.children ? ` (${server.seed.children} children, ${server.seed.history} history rows)` : ''}.`);
  if (seedDemo) {
    lines.push('Demo logins (password: ' + demoPassword + '):', ...demoUsers.map((u) => `  ${u.email.padEnd(22)} ${u.role}`));
  } else {
    lines.push(`Administrator: ${env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL}`);
  }
  console.log(lines.join('\n'));
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  if (error instanceof SeedConfigError) {
    console.error(`Ashray cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
