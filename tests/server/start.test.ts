import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeedConfigError } from '../../server/db/seed';
import { startServer, type RunningServer, type StartOptions } from '../../server/server';
import { freshPostgres } from '../fresh-postgres';
import { databaseKinds, type DatabaseKind } from './harness';

/** startServer as `npm start` and the e2e runner use it: a real socket, a data folder, the built app. */
describe.each(databaseKinds)('startServer (%s)', (kind: DatabaseKind) => {
  let root: string;
  let staticDir: string;
  let server: RunningServer;
  let base: Pick<StartOptions, 'dataDir' | 'databaseUrl'>;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'ashray-start-'));
    staticDir = path.join(root, 'dist');
    mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Ashray</title>');
    writeFileSync(path.join(staticDir, 'worker.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{"name":"Ashray"}');
    writeFileSync(path.join(staticDir, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    base = { dataDir: path.join(root, 'data') };
    if (kind === 'postgres') {
      const pg = await freshPostgres();
      base = { ...base, databaseUrl: pg.url };
      dropDatabase = pg.drop;
    }
    server = await startServer({ ...base, port: 0, host: '127.0.0.1', staticDir, quiet: true });
    console.info(
      `[${kind}] first start: migrate ${Math.round(server.timings.migrate)} ms, seed ${Math.round(server.timings.seed)} ms, total ${Math.round(server.timings.total)} ms`,
    );
  });
  afterAll(async () => {
    await server?.close();
    await dropDatabase?.();
    rmSync(root, { recursive: true, force: true });
  });

  it('seeds the demo on first start; on PGlite the uploads folder is made outside the web root', () => {
    expect(server.seed).toMatchObject({ seeded: true, children: 300 });
    // On PostgreSQL uploads are kept in the database (server/files/open-store.ts), no folder.
    expect(existsSync(path.join(base.dataDir, 'uploads'))).toBe(kind === 'pglite');
    if (kind === 'pglite') expect(existsSync(path.join(base.dataDir, 'pg'))).toBe(true);
  });

  it('serves the API over HTTP: login with the demo password, then the dashboard', async () => {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailId: 'superadmin@demo.test', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { token: string } };
    const dashboard = await fetch(`${server.url}/api/dashboard`, {
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the app shell with no-cache, hashed assets as immutable, and falls back to index.html', async () => {
    for (const file of [
      '/',
      '/index.html',
      '/worker.js',
      '/manifest.webmanifest',
      '/dashboard',
      '/child-registration/profile',
    ]) {
      const response = await fetch(server.url + file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
      expect(response.headers.get('content-security-policy'), file).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(await (await fetch(`${server.url}/dashboard`)).text()).toContain('<title>Ashray</title>');
    expect((await fetch(`${server.url}/worker.js`)).headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${server.url}/manifest.webmanifest`)).headers.get('content-type')).toContain('manifest+json');
    const asset = await fetch(`${server.url}/assets/index-3f9a1c.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${server.url}/assets/missing-000.js`)).status).toBe(404);
    // Path traversal stays inside the static folder.
    const traversal = await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`);
    expect(await traversal.text()).toContain('<title>Ashray</title>');
  });

  it('an early answer (here a 401 before the route is even looked up) still reads the request body, so a keep-alive client sends its next request on the same connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, pathname: string, body?: Buffer) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.request(`${server.url}${pathname}`, { method, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        if (body) req.setHeader('content-type', 'application/json');
        req.end(body);
      });
    try {
      // A large body the answer never looks at: the server must still read it off the socket.
      const first = await send('POST', '/api/no_such_call', Buffer.alloc(512 * 1024, 'a'));
      expect(first.status).toBe(401);
      const second = await send('GET', '/api/no_such_call_either');
      expect(second).toEqual({ status: 401, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it('a restart keeps the data and does not seed again', async () => {
    await server.close();
    server = await startServer({ ...base, port: 0, host: '127.0.0.1', staticDir, quiet: true });
    console.info(`[${kind}] restart: total ${Math.round(server.timings.total)} ms`);
    expect(server.seed).toEqual({ seeded: false });
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailId: 'staff@demo.test', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
  });
});

describe('startServer without demo data (pglite)', () => {
  const roots: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ashray-nodemo-'));
    roots.push(dir);
    return dir;
  };
  afterAll(() => roots.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('refuses to start without ADMIN_PASSWORD', async () => {
    await expect(startServer({ dataDir: dataDir(), port: 0, seedDemo: false, quiet: true })).rejects.toBeInstanceOf(
      SeedConfigError,
    );
  });

  it('seeds exactly one superadmin at center 1 with the given e-mail and password', async () => {
    const server = await startServer({
      dataDir: dataDir(),
      port: 0,
      host: '127.0.0.1',
      seedDemo: false,
      adminEmail: 'Boss@Trust.org',
      adminPassword: 'long-secret-1',
      quiet: true,
    });
    try {
      const attempt = (emailId: string, password: string) =>
        fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ emailId, password }),
        });
      expect((await attempt('superadmin@demo.test', 'demo1234')).status).toBe(401);
      const ok = await attempt('boss@trust.org', 'long-secret-1');
      expect(ok.status).toBe(200);
      const { data } = (await ok.json()) as { data: { token: string; centerId: number; role: { name: string } } };
      expect(data).toMatchObject({ centerId: 1, role: { name: 'superadmin' } });
      const centersList = await fetch(`${server.url}/api/centers_list`, {
        headers: { authorization: `Bearer ${data.token}` },
      });
      expect(((await centersList.json()) as { data: unknown[] }).data).toEqual([
        { id: 1, name: 'SBT Head Office', unique_centerId: 'SBT-HO-001' },
      ]);
      const dashboard = await fetch(`${server.url}/api/dashboard`, {
        headers: { authorization: `Bearer ${data.token}` },
      });
      expect(((await dashboard.json()) as { data: Record<string, number> }).data.children_supported).toBe(0);
    } finally {
      await server.close();
    }
  });
});
