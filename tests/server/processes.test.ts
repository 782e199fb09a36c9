import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql as sqlTag } from 'drizzle-orm';
import postgres from 'postgres';
import { messages } from '../../sync/contract';
import { loginLimits } from '../../server/auth/rate-limit';
import { openDatabase, selectRows } from '../../server/db/client';
import { freshPostgres } from '../fresh-postgres';
import { databaseKinds, DEMO_PASSWORD } from './harness';
import { startProcess, type ServerProcess } from './processes';

/*
 * DESIGN.md (Server): any number of stateless API processes behind a load balancer, on one
 * PostgreSQL, each with its own data folder; nothing kept in one process's memory that
 * another would need. Sessions, idempotency keys and the login throttle live in the
 * database, so a client may reach any process with each request. PGlite is in-process and
 * cannot be shared, so this runs only when DATABASE_URL names a PostgreSQL.
 */

const postgresKinds = databaseKinds.filter((kind) => kind === 'postgres');

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

async function call(
  server: ServerProcess,
  pathname: string,
  init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(server.url + pathname, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

const login = (server: ServerProcess, emailId: string, password = DEMO_PASSWORD) =>
  call(server, '/api/login', { json: { emailId, password } });

for (const kind of postgresKinds) {
  describe(`two processes, two data folders, one ${kind}`, () => {
    let root: string;
    let a: ServerProcess;
    let b: ServerProcess;
    let sql: postgres.Sql;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      root = mkdtempSync(path.join(tmpdir(), 'ashray-processes-'));
      const pg = await freshPostgres();
      drop = pg.drop;
      sql = postgres(pg.url, { max: 2, onnotice: () => {} });
      const env = (name: string) => ({
        DATABASE_URL: pg.url,
        DATA_DIR: path.join(root, name),
        STATIC_DIR: path.join(root, 'no-app'),
        DEMO_PASSWORD,
      });
      // Both start at once on the empty database, as a deploy of N processes does: the
      // migrations and the seed must run once between them.
      [a, b] = await Promise.all([startProcess(env('a')), startProcess(env('b'))]);
    });
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await sql?.end();
      await drop?.();
      rmSync(root, { recursive: true, force: true });
    });

    it('started together on an empty database, they seeded it once', async () => {
      expect(a.url).not.toBe(b.url);
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from users where email = 'admin@demo.test'`;
      expect(n).toBe(1);
      const [{ centers }] = await sql<{ centers: number }[]>`select count(*)::int as centers from centers`;
      expect(centers).toBeGreaterThan(1);
    });

    it('a token issued by one process is honoured by the other, and a logout through either ends it for both', async () => {
      const signedIn = await login(a, 'admin@demo.test');
      expect(signedIn.status).toBe(200);
      const token = (signedIn.body.data as { token: string }).token;
      const me = await call(b, '/api/me', { token });
      expect(me.status).toBe(200);
      expect((me.body.data as { email: string }).email).toBe('admin@demo.test');
      expect((await call(a, '/api/me', { token })).status).toBe(200);

      const out = await call(b, '/api/logout', { method: 'POST', token });
      expect(out.status).toBe(200);
      for (const server of [a, b]) {
        const after = await call(server, '/api/me', { token });
        expect(after.status).toBe(401);
        expect(after.body).toEqual({ message: messages.unauthenticated });
      }
    });

    it('the same Idempotency-Key through both processes makes one record (R7)', async () => {
      const token = (
        (await login(a, 'superadmin@demo.test')).body.data as {
          token: string;
        }
      ).token;
      const add = (server: ServerProcess, key: string, name: string) =>
        call(server, '/api/tag_add', { token, json: { name }, headers: { 'Idempotency-Key': key } });
      const count = async (name: string) =>
        (await sql<{ n: number }[]>`select count(*)::int as n from tags where name = ${name}`)[0].n;

      // One after the other: a retry that the load balancer sends to the other process.
      const first = await add(a, 'tag-through-both', 'Tag through both');
      const again = await add(b, 'tag-through-both', 'Tag through both');
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await count('Tag through both')).toBe(1);

      // At the same moment: one runs, the other waits for it (409, retry) or replays it.
      const both = await Promise.all([
        add(a, 'tag-at-once', 'Tag at once'),
        add(b, 'tag-at-once', 'Tag at once'),
        add(a, 'tag-at-once', 'Tag at once'),
        add(b, 'tag-at-once', 'Tag at once'),
      ]);
      expect(both.map((r) => r.status).filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      expect(both.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect(await count('Tag at once')).toBe(1);
      const [{ keys }] = await sql<
        { keys: number }[]
      >`select count(*)::int as keys from idempotency_keys where key in ('tag-through-both', 'tag-at-once')`;
      expect(keys).toBe(2);
    });

    it('failed logins alternated between the processes reach the limit at the same total as through one', async () => {
      /** Failed logins through `servers` in turn until one is refused: how many were 401 first. */
      const failuresUntilRefused = async (email: string, servers: ServerProcess[]) => {
        for (let n = 0; n < loginLimits.pair + 3; n++) {
          const answer = await login(servers[n % servers.length], email, 'wrong password');
          if (answer.status === 429) {
            expect(answer.body.message).toBe(messages.tooManyAttempts);
            return n;
          }
          expect(answer.status).toBe(401);
        }
        return Infinity;
      };
      const throughOne = await failuresUntilRefused('viewer@demo.test', [a]);
      const throughBoth = await failuresUntilRefused('staff@demo.test', [a, b]);
      expect(throughOne).toBe(loginLimits.pair);
      expect(throughBoth).toBe(throughOne);
      // Refused on both now, even with the right password.
      for (const server of [a, b]) expect((await login(server, 'staff@demo.test')).status).toBe(429);
    });

    it('of failed logins sent to both processes at once, no more than the limit are checked', async () => {
      const tries = await Promise.all(
        Array.from({ length: 12 }, (_, i) => login(i % 2 ? a : b, 'nobody@demo.test', 'wrong password')),
      );
      const statuses = tries.map((t) => t.status);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      // A refused try checked nothing and does not count: one at a time, the rest of the limit.
      let checked = statuses.filter((s) => s === 401).length;
      for (let n = 0; (await login(n % 2 ? a : b, 'nobody@demo.test', 'wrong password')).status === 401; n++) checked++;
      expect(checked).toBe(loginLimits.pair);
    });

    it('DATABASE_POOL_SIZE bounds the connections one process opens', async () => {
      const url = (await sql<{ db: string }[]>`select current_database() as db`)[0].db;
      const base = new URL(process.env.DATABASE_URL!);
      base.pathname = `/${url}`;
      const database = await openDatabase({ databaseUrl: base.toString(), poolSize: 2 });
      try {
        // Six queries at once, each holding its connection a while: they share two.
        const answers = await Promise.all(
          Array.from({ length: 6 }, () =>
            selectRows<{ pid: number }>(database.db, sqlTag`select pg_backend_pid() as pid, pg_sleep(0.1)`),
          ),
        );
        expect(new Set(answers.map(([row]) => row.pid)).size).toBe(2);
      } finally {
        await database.close();
      }
    });
  });
}

/** A login request whose body is sent in two parts: in flight from the first part on. */
function slowLogin(url: string, emailId: string, password: string) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ emailId, password });
  const socket: Socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const ended = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', () => undefined);
  });
  const started = new Promise<void>((resolve) => socket.once('connect', resolve)).then(
    () =>
      new Promise<void>((resolve) =>
        socket.write(
          `POST /api/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
          () => resolve(),
        ),
      ),
  );
  return {
    started,
    finish: () => socket.write(body.slice(10)),
    /** Everything the server sent before the connection closed. */
    ended,
  };
}

/** Resolves once a new connection to `url` is refused (the stop has begun). */
async function refusedAt(url: string): Promise<string> {
  for (;;) {
    try {
      await fetch(`${url}/api/health`, { headers: { connection: 'close' } });
    } catch (error) {
      const code = String((error as { cause?: { code?: string } }).cause?.code);
      // A connection the kernel accepted just as the listener closed is reset (ECONNRESET) or
      // closed before any answer (undici's UND_ERR_SOCKET, 'other side closed'), not refused:
      // the stop is under way; the next try meets the closed port.
      if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

for (const kind of databaseKinds) {
  // Each test starts a real process (migrations and seed on a fresh database) and signs in:
  // at load 20 that passed the 60 s default once. This bounds a hang, it times nothing.
  describe(`a process stopped by a signal (${kind})`, { timeout: 180_000 }, () => {
    let root: string;
    let databaseUrl: string | undefined;
    let drop: (() => Promise<void>) | undefined;
    const admin = { email: 'superadmin@demo.test', password: 'stop-test-password-1' };

    beforeAll(async () => {
      root = mkdtempSync(path.join(tmpdir(), 'ashray-stop-'));
      if (kind === 'postgres') {
        const pg = await freshPostgres();
        databaseUrl = pg.url;
        drop = pg.drop;
      }
    });
    afterAll(async () => {
      await drop?.();
      rmSync(root, { recursive: true, force: true });
    });

    const env = (name: string, more: Record<string, string> = {}) => ({
      DATA_DIR: path.join(root, name),
      STATIC_DIR: path.join(root, 'no-app'),
      SEED_DEMO: '0',
      ADMIN_PASSWORD: admin.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...more,
    });

    it('on SIGTERM it refuses new connections, answers the request in flight in full, and exits 0', async () => {
      const server = await startProcess(env('term'));
      try {
        // Answered: the process is past its start and listens for signals (server/main.ts).
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        const login = slowLogin(server.url, admin.email, admin.password);
        await login.started;
        void server.stop('SIGTERM');
        expect(await refusedAt(server.url)).toBe('ECONNREFUSED');
        expect(server.child.exitCode).toBeNull();
        login.finish();
        // The whole answer, and then the connection (kept alive by HTTP/1.1) is closed.
        const answer = await login.ended;
        expect(answer).toMatch(/^HTTP\/1\.1 200 /);
        const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { data: { token: string } };
        expect(body.data.token).toMatch(/^\S{40,}$/);
        expect(await server.exited).toBe(0);
      } finally {
        await server.stop('SIGKILL');
      }
    });

    it('on SIGINT too, and a request still unfinished after SHUTDOWN_TIMEOUT_MS is cut, so the stop ends', async () => {
      const server = await startProcess(env('int', { SHUTDOWN_TIMEOUT_MS: '300' }));
      try {
        // Answered: the process is past its start and listens for signals (server/main.ts).
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        const hung = slowLogin(server.url, admin.email, admin.password);
        await hung.started;
        const stoppedAt = Date.now();
        void server.stop('SIGINT');
        expect(await server.exited).toBe(0);
        expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(300);
        expect(await hung.ended).toBe('');
      } finally {
        await server.stop('SIGKILL');
      }
    });
  });
}

describe('the configuration of a process', () => {
  it('refuses to start with a DATABASE_POOL_SIZE or SHUTDOWN_TIMEOUT_MS that is not a whole number from 1 up', async () => {
    const bads: Record<string, string>[] = [{ DATABASE_POOL_SIZE: 'ten' }, { SHUTDOWN_TIMEOUT_MS: '0' }];
    for (const bad of bads) {
      const started = startProcess({ DATA_DIR: path.join(tmpdir(), 'ashray-never-started'), ...bad });
      await expect(started).rejects.toThrow(/exited \(1\)[\s\S]*must be a whole number from 1 up/);
    }
  });
});
