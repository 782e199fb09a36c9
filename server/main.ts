import path from 'node:path';
import { DEFAULT_ADMIN_EMAIL, SeedConfigError } from './db/seed';
import { FileStoreConfigError, fileStoreFromEnv } from './files/open-store';
import { startServer } from './server';
import { wireLogger } from './wire-log';

/*
 * `npm start` / `npm run serve`: configuration only from the environment, so a fresh
 * clone runs with none (embedded PGlite in ./data, demo data, port 8080).
 */
const env = process.env;

/** A whole number from 1 up, or the default when unset; anything else stops the start. */
function wholeNumber(name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    console.error(`Ashray cannot start: ${name} must be a whole number from 1 up, not '${value}'.`);
    process.exit(1);
  }
  return Number(value);
}

const databasePoolSize = wholeNumber('DATABASE_POOL_SIZE');
const shutdownTimeoutMs = wholeNumber('SHUTDOWN_TIMEOUT_MS');

try {
  const server = await startServer({
    port: env.PORT ? Number(env.PORT) : 8080,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    seedDemo: env.SEED_DEMO !== '0',
    demoPassword: env.DEMO_PASSWORD || undefined,
    adminEmail: env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    // A number of trusted proxies in front; '1' (one reverse proxy) is the common case.
    trustProxy: /^\d+$/.test(env.TRUST_PROXY ?? '') ? Number(env.TRUST_PROXY) : env.TRUST_PROXY === 'true' ? 1 : 0,
    recordRequest: env.WIRE_LOG ? wireLogger(env.WIRE_LOG) : undefined,
    // Plays a backend that answers only the documented calls (server/core/spec-only.ts).
    specOnly: env.SPEC_ONLY === '1' || env.SPEC_ONLY === 'true',
    databasePoolSize,
    shutdownTimeoutMs,
    files: fileStoreFromEnv(env),
  });
  // The first SIGTERM or SIGINT stops gracefully (server.ts, stopGracefully); a second one,
  // the listeners being gone, ends the process at once.
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  if (error instanceof SeedConfigError || error instanceof FileStoreConfigError) {
    console.error(`Ashray cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
