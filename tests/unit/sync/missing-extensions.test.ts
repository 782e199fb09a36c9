import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { AppDb } from '../../../sync/db/app-db';
import { SyncEngine } from '../../../sync/engine/engine';
import { syncStatusStore } from '../../../sync/engine/sync-status';
import { createTransport, setFetch } from '../../../sync/net/transport';
import {
  forgetMissingExtensions,
  lacksCall,
  missingCallKey,
  readMissingExtensions,
  REPROBE_MS,
  writeMissingExtensions,
} from '../../../sync/engine/missing-extensions';
import { currentDb, refreshUser, sessionStore, signIn } from '../../../sync/device/session';
import { apiUrl } from '../../../sync/net/config';

/*
 * A server's missing extensions (DESIGN.md, The wire: the client detects their absence and
 * falls back) are remembered per server, asked again after a day, forgotten at each online
 * sign-in; GET /me, asked after every sync, is remembered the same way.
 */

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const notFound = () => json(404, { message: 'The route could not be found.' });

/** A backend of the documented calls: children answer (one page, no sync block), /history is a 404. */
function documentedOnly() {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^.*\/api/, '');
    asked.push(path);
    if (path === '/child-registrations')
      return json(200, { success: true, data: [], pagination: { current_page: 1, last_page: 1, total: 0 } });
    return notFound();
  };
  return { asked, fetch: fetch as typeof globalThis.fetch };
}

describe('the pull asks a missing extension again after a day', () => {
  const server = 'http://trust.test/api/';
  let db: AppDb;
  beforeEach(() => {
    db = new AppDb(`reprobe-${Math.random().toString(36).slice(2)}`);
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('a 404 list is skipped for REPROBE_MS, then asked again; a forgotten one at once', async () => {
    const backend = documentedOnly();
    let now = Date.UTC(2026, 10, 26, 8);
    const engine = new SyncEngine({
      db,
      transport: createTransport({ baseUrl: () => server, token: () => 't', fetch: backend.fetch }),
      collections: ['children', 'history'],
      now: () => now,
      random: () => 0,
      server: () => server,
    });
    const historyAsks = () => backend.asked.filter((p) => p === '/history').length;

    await engine.sync();
    expect(historyAsks()).toBe(1);
    expect(syncStatusStore.getState()).toMatchObject({ error: null, missing: ['history'] });
    expect(await readMissingExtensions(db, server)).toEqual({ missing: ['history'], probedAt: now });

    now += REPROBE_MS - 60_000; // a minute short of a day: still remembered
    await engine.sync();
    expect(historyAsks()).toBe(1);
    expect(syncStatusStore.getState().missing).toEqual(['history']);

    now += 60_000; // a day after the probe: asked again, and the new probe is remembered
    await engine.sync();
    expect(historyAsks()).toBe(2);
    expect(await readMissingExtensions(db, server)).toEqual({ missing: ['history'], probedAt: now });
    expect(syncStatusStore.getState()).toMatchObject({ error: null, missing: ['history'] });

    // Forgotten (as an online sign-in does): the next sync asks at once, though a day has not passed.
    now += 60_000;
    await forgetMissingExtensions(db, server);
    await engine.sync();
    expect(historyAsks()).toBe(3);
  });
});

/** The spec's login answer, and /me as the given handler answers it. */
function trustServer(me: () => Response) {
  const asked: string[] = [];
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^.*\/api/, '');
    asked.push(path);
    if (path === '/login')
      return json(200, {
        success: true,
        data: { token: 'spec-token', role: { name: 'admin', permissions: null }, centerId: 1, image: null },
        image_path: '',
      });
    if (path === '/me') return me();
    return notFound();
  });
  return asked;
}

describe('sign-in and /me', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStore.setState({ status: 'signed-out', user: null });
    for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
  });
  afterEach(() => {
    setFetch(undefined);
    vi.useRealTimers();
  });

  it('an online sign-in forgets what the server lacked, so the first sync asks every extension again', async () => {
    trustServer(() => json(200, { success: true, data: { id: 5, name: 'Asha' } }));
    await signIn({ email: 'asha@trust.test', password: 'secret12' });
    await writeMissingExtensions(currentDb(), apiUrl(), ['history', 'activityLogs'], Date.now());
    syncStatusStore.setState({ missing: ['history', 'activityLogs'] });

    await signIn({ email: 'asha@trust.test', password: 'secret12' });
    expect(await readMissingExtensions(currentDb(), apiUrl())).toEqual({ missing: [], probedAt: null });
    expect(syncStatusStore.getState().missing).toEqual([]);
    expect(await lacksCall(currentDb(), apiUrl(), 'me', Date.now())).toBe(false);
  });

  it('refreshUser stops asking /me after a 404 until a day has passed; a sign-in that saw the 404 remembers it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 10, 26, 8);
    vi.setSystemTime(start);
    const asked = trustServer(notFound);
    const meAsks = () => asked.filter((p) => p === '/me').length;

    // The login answer has no id or name: sign-in asks /me, which the server lacks.
    await signIn({ email: 'asha@trust.test', password: 'secret12' });
    expect(meAsks()).toBe(1);
    expect(await currentDb().syncState.get(missingCallKey(apiUrl(), 'me'))).toMatchObject({ lastPullAt: start });

    await refreshUser(); // after a sync: not asked again
    expect(meAsks()).toBe(1);

    vi.setSystemTime(start + REPROBE_MS);
    await refreshUser(); // a day on: asked again, and still missing
    expect(meAsks()).toBe(2);
    await refreshUser();
    expect(meAsks()).toBe(2);
    expect(await lacksCall(currentDb(), apiUrl(), 'me', start + REPROBE_MS + 1)).toBe(true);
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', user: { email: 'asha@trust.test' } });
  });

  it('a server that answers /me keeps being asked after each sync', async () => {
    const asked = trustServer(() => json(200, { success: true, data: { id: 5, name: 'Asha' } }));
    await signIn({ email: 'asha@trust.test', password: 'secret12' });
    await refreshUser();
    await refreshUser();
    expect(asked.filter((p) => p === '/me')).toHaveLength(3);
  });
});
