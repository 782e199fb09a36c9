import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../sync/contract';
import { createApp } from '../../server/app';
import type { AppEnv, AuthUser } from '../../server/core/context';
import type { Db } from '../../server/db/client';
import { idempotencyKeys, users } from '../../server/db/schema';
import { idempotency } from '../../server/core/idempotency';
import { folderStore } from '../../server/files/folder-store';
import { createHarness, databaseKinds, json, type Harness } from './harness';

describe.each(databaseKinds)('HTTP behaviour (%s)', (kind) => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await createHarness(kind);
    token = await h.login('superadmin@demo.test');
  });
  afterAll(() => h?.close());

  it('sends Cache-Control: no-store and the security headers on API answers, including errors', async () => {
    for (const response of [
      await h.request('/api/dashboard', { token }),
      await h.request('/api/dashboard'),
      await h.request('/api/login', { method: 'POST', json: {} }),
      await h.request('/api/no-such-endpoint', { token }),
    ]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "script-src 'self'",
        "img-src 'self' data: blob:",
        "worker-src 'self'",
        "connect-src 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    }
  });

  it('answers unknown API paths with a JSON 404 for signed-in users', async () => {
    const response = await h.request('/api/no-such-endpoint', { token });
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ success: false });
  });

  it('refuses an oversized body with 413 instead of reading it', async () => {
    const response = await h.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(31 * 1024 * 1024) },
      body: '{}',
    });
    expect(response.status).toBe(413);
    expect(await json(response)).toMatchObject({ success: false });
  });

  it('turns an unexpected failure into 500 "Something went wrong!" and logs it', async () => {
    const logged: unknown[] = [];
    const broken = new Proxy(
      {},
      {
        get: () => {
          throw new Error('database is down');
        },
      },
    ) as Db;
    const app = createApp({ db: broken, fileStore: folderStore('/nonexistent'), logError: (e) => logged.push(e) });
    const response = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailId: 'a@b.co', password: 'x' }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ success: false, message: messages.somethingWentWrong });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(logged).toHaveLength(1);
  });

  describe('Idempotency-Key', () => {
    // The real middleware on the real database, around a handler that counts its runs.
    let runs = 0;
    let fail = false;
    let app: Hono<AppEnv>;
    let user: AuthUser;
    beforeAll(async () => {
      const [row] = await h.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
      user = {
        id: row.id,
        name: row.name,
        email: row.email,
        role: { id: row.role_id, name: 'admin', permissions: null },
        centerId: 1,
        image: null,
      };
      app = new Hono<AppEnv>();
      app.use('*', async (c, next) => {
        c.set('deps', { db: h.db, fileStore: h.files });
        c.set('user', user);
        await next();
      });
      app.use('*', idempotency);
      app.post('/things', async (c) => {
        runs += 1;
        if (fail) throw new Error('transient');
        return c.json({ success: true, data: { run: runs }, message: 'Saved' }, 200);
      });
      app.post('/invalid', (c) =>
        c.json({ success: false, message: 'Name is required', errors: { name: ['Name is required'] } }, 422),
      );
      app.post('/other', (c) => c.json({ success: true }));
      app.delete('/things/:id', (c) => {
        runs += 1;
        return c.json({ success: true, message: 'deleted successfully' });
      });
      app.onError((_e, c) => c.json({ success: false, message: messages.somethingWentWrong }, 500));
    });
    const post = (path: string, key?: string) =>
      app.request(path, { method: 'POST', headers: key ? { 'Idempotency-Key': key } : {} });

    it('replays the stored answer for a repeated key without running the handler again', async () => {
      const first = await post('/things', 'mutation-1');
      expect(await first.json()).toEqual({ success: true, data: { run: runs }, message: 'Saved' });
      const runsAfterFirst = runs;
      const again = await post('/things', 'mutation-1');
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.json()).toEqual({ success: true, data: { run: runsAfterFirst }, message: 'Saved' });
      expect(runs).toBe(runsAfterFirst);
      // A new key, or no key, runs again.
      await post('/things', 'mutation-2');
      await post('/things');
      expect(runs).toBe(runsAfterFirst + 2);
    });

    it('covers DELETE as well: a replayed delete does not run twice', async () => {
      const before = runs;
      const del = () => app.request('/things/7', { method: 'DELETE', headers: { 'Idempotency-Key': 'delete-7' } });
      expect((await del()).status).toBe(200);
      expect((await del()).headers.get('idempotent-replayed')).toBe('true');
      expect(runs).toBe(before + 1);
    });

    it('stores validation failures too, with their status', async () => {
      const first = await post('/invalid', 'mutation-422');
      const again = await post('/invalid', 'mutation-422');
      expect(again.status).toBe(422);
      expect(await again.json()).toEqual(await first.json());
    });

    it('does not store a 5xx: the retry runs again', async () => {
      fail = true;
      expect((await post('/things', 'mutation-500')).status).toBe(500);
      fail = false;
      const before = runs;
      const retry = await post('/things', 'mutation-500');
      expect(retry.status).toBe(200);
      expect(runs).toBe(before + 1);
    });

    it('refuses a key reused on another endpoint, and one still in progress', async () => {
      await post('/things', 'mutation-3');
      expect((await post('/other', 'mutation-3')).status).toBe(422);
      await h.db
        .insert(idempotencyKeys)
        .values({ user_id: user.id, key: 'in-flight', method: 'POST', path: '/things', status: 0 });
      const busy = await post('/things', 'in-flight');
      expect(busy.status).toBe(409);
      expect(busy.headers.get('retry-after')).toBe('1');
    });

    it('keys are per user: the same key from another user runs', async () => {
      await post('/things', 'shared-key');
      const before = runs;
      const [other] = await h.db.select().from(users).where(eq(users.email, 'viewer@demo.test'));
      const saved = user;
      user = { ...saved, id: other.id };
      await post('/things', 'shared-key');
      user = saved;
      expect(runs).toBe(before + 1);
    });
  });

  it('stores the answer of a real API POST under its key', async () => {
    const session = await h.login('viewer@demo.test');
    const key = 'logout-1';
    const first = await h.request('/api/logout', {
      method: 'POST',
      token: session,
      headers: { 'Idempotency-Key': key },
    });
    expect(first.status).toBe(200);
    const stored = await h.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject([
      { status: 200, path: '/api/logout', body: { success: true, message: 'Logout successfully' } },
    ]);
  });
});
