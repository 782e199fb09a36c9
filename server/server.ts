import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { openFileStore, type FileStoreChoice } from './files/open-store';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_DEMO_PASSWORD, seedDatabase, type SeedResult } from './db/seed';
import { demoUsers } from './db/seed-data';

export type StartOptions = {
  /** 0 picks a free port (tests, the e2e runner). Default 8080. */
  port?: number;
  host?: string;
  /** Holds the embedded database (`pg/`) and the folder store's uploads (`uploads/`). */
  dataDir: string;
  databaseUrl?: string;
  /** The built PWA; without it only the API is served. */
  staticDir?: string;
  seedDemo?: boolean;
  demoPassword?: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Trusted proxies in front (TRUST_PROXY); `true` is one. */
  trustProxy?: boolean | number;
  /** Sees a copy of every API request (AppDeps.recordRequest). */
  recordRequest?: (request: Request) => void;
  /** SPEC_ONLY: answer only the documented calls (AppDeps.specOnly). */
  specOnly?: boolean;
  /** Where uploads are kept (FILE_STORE, S3_*); by default the database on PostgreSQL, else the folder. */
  files?: FileStoreChoice;
  /** No start banner (URL, demo logins) on stdout. */
  quiet?: boolean;
  /** Most PostgreSQL connections of this process (DATABASE_POOL_SIZE). */
  databasePoolSize?: number;
  /** How long close() lets requests in flight finish before it cuts them (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs?: number;
};

/** close()'s wait for requests in flight when SHUTDOWN_TIMEOUT_MS is not set. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export type RunningServer = {
  url: string;
  port: number;
  seed: SeedResult;
  /** Millisecond timings of the start, for the README and the tests. */
  timings: { migrate: number; seed: number; total: number };
  /** The graceful stop (stopGracefully); resolves once the database is closed. */
  close: () => Promise<void>;
};

/** Opens the database, migrates, seeds an empty one, and serves API and app. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const started = performance.now();
  const database = await openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    poolSize: options.databasePoolSize,
  });
  let files: Awaited<ReturnType<typeof openFileStore>> | undefined;
  try {
    await database.migrate();
    // Files a folder (or the database) still holds move into the chosen store first.
    files = await openFileStore({ ...database, dataDir: options.dataDir, choice: options.files });
    const migrated = performance.now();
    const seedDemo = options.seedDemo ?? true;
    const seed = await seedDatabase(database.db, {
      demo: seedDemo,
      demoPassword: options.demoPassword ?? DEFAULT_DEMO_PASSWORD,
      adminEmail: options.adminEmail,
      adminPassword: options.adminPassword,
    });
    // A newly seeded (or long unused) embedded database is planned from stale statistics.
    await database.analyzeStale();
    const seeded = performance.now();
    const app = createApp({
      db: database.db,
      fileStore: files.store,
      staticDir: options.staticDir,
      trustProxy: options.trustProxy,
      recordRequest: options.recordRequest,
      specOnly: options.specOnly,
    });
    const host = options.host ?? '0.0.0.0';
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: options.port ?? 8080, hostname: host }, () => resolve(s));
      s.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    const url = `http://${shownHost}:${port}`;
    if (!options.quiet) {
      const where = options.databaseUrl
        ? 'PostgreSQL (DATABASE_URL)'
        : `PGlite in ${path.resolve(options.dataDir, 'pg')}`;
      const lines = [
        `Ashray is running at ${url}`,
        `Database: ${where}; started in ${Math.round(performance.now() - started)} ms`,
      ];
      for (const { from, count } of files.moved)
        lines.push(`Moved ${count} uploaded files from the ${from} into the ${files.store.kind} store.`);
      if (options.specOnly) lines.push('SPEC_ONLY: answering only the documented calls (no extensions).');
      if (seed.children)
        lines.push(
          `Seeded ${seed.children} demo children and ${seed.history} history rows in ${Math.round(seeded - migrated)} ms.`,
        );
      if (seedDemo) {
        lines.push(`Demo logins (password: ${options.demoPassword ?? DEFAULT_DEMO_PASSWORD}):`);
        lines.push(...demoUsers.map((u) => `  ${u.email.padEnd(22)} ${u.role}`));
      } else {
        lines.push(`Administrator: ${options.adminEmail ?? DEFAULT_ADMIN_EMAIL}`);
      }
      console.log(lines.join('\n'));
    }
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        await stopGracefully(server as Server, options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS);
        await files?.store.close();
        await database.close();
      })());
    return {
      url,
      port,
      seed,
      timings: { migrate: migrated - started, seed: seeded - migrated, total: performance.now() - started },
      close,
    };
  } catch (error) {
    await files?.store.close();
    await database.close();
    throw error;
  }
}

/**
 * The stop behind a load balancer (README, Deployment): the socket stops accepting at once
 * (a new connection is refused, so the balancer sends it to another process), idle
 * keep-alive connections are closed, and requests in flight get their full answer; those
 * still running after `timeoutMs` are cut, so a hung request cannot hold the stop forever.
 */
function stopGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
    // A connection whose answer was just sent is idle now: close it rather than wait for
    // the client to send another request on it.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearTimeout(cut);
      clearInterval(closeIdle);
      resolve();
    });
  });
}
