import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { sessionDb } from '../../../sync/db/session-db';
import { hasSessionRow, SESSION_DB_NAME, warmStore } from '../../../sync/device/session-hint';
import { hasSessionMirror, sessionStore, STORAGE_KEY } from '../../../sync/device/session-store';
import { syncNow } from '../../../sync';
import { loadDataLayer } from '../../../src/lib/data-layer';
import { firstScreenShown } from '../../../src/lib/first-screen';
import { loginUser } from '../support/login-answer';

const user = loginUser();

const saveSessionRow = () =>
  sessionDb.session.put({ key: 'current', user, apiOrigin: 'http://localhost:3000', savedAt: Date.now() });

describe('the first load learns whether a session is saved without the data layer', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionDb.close();
    for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
  });

  it("the spec's browser-storage mirror says a user is saved", () => {
    expect(hasSessionMirror()).toBe(false);
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'tok-7' }));
    expect(hasSessionMirror()).toBe(true);
  });

  it('the session database is read with IndexedDB itself, and not created when missing', async () => {
    expect(await hasSessionRow()).toBe(false);
    expect(await Dexie.getDatabaseNames()).not.toContain(SESSION_DB_NAME);
    await sessionDb.open();
    expect(await hasSessionRow()).toBe(false);
    await saveSessionRow();
    expect(await hasSessionRow()).toBe(true);
    await sessionDb.session.delete('current');
    expect(await hasSessionRow()).toBe(false);
  });

  it("a start opens the session database early without creating it, and never holds up the app's own open", async () => {
    const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
    warmStore(SESSION_DB_NAME, 60_000);
    await settled();
    expect(await Dexie.getDatabaseNames()).not.toContain(SESSION_DB_NAME);

    await sessionDb.open();
    await saveSessionRow();
    sessionDb.close();
    warmStore(SESSION_DB_NAME, 60_000);
    await settled();
    // A new version of the session database (a release that changes it) opens past the early connection.
    const next = new Dexie(SESSION_DB_NAME);
    next.version(sessionDb.verno + 1).stores({ session: 'key', newer: 'id' });
    await next.open();
    expect((await next.table('session').get('current'))?.user).toEqual(user);
    next.close();
    await Dexie.delete(SESSION_DB_NAME);
    await sessionDb.open();
  });
});

describe('loadDataLayer (src/lib/data-layer.ts)', () => {
  afterEach(() => {
    // Signed out: the sync bound to the session stops.
    sessionStore.setState({ status: 'signed-out', user: null });
  });

  it('loads once, restores the saved session and starts sync for it once the first screen has shown', async () => {
    await saveSessionRow();
    sessionStore.setState({ status: 'loading', user: null });
    const first = loadDataLayer();
    expect(loadDataLayer()).toBe(first);
    const sync = await first;
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', user: { token: 'tok-7' } });
    // The first screen comes first: the sync has not started yet.
    expect(() => void syncNow()).toThrow('Sync has not started');
    firstScreenShown();
    // Bound to the session: sync runs (it fails here, with no network, as a value) instead of refusing to start.
    await vi.waitFor(() => expect(() => void syncNow()).not.toThrow());
    expect(sync.signIn).toBeTypeOf('function');
  });
});

describe('loadDataLayer when the data layer does not load', () => {
  afterEach(() => {
    vi.doUnmock('../../../sync');
    vi.resetModules();
  });

  it('shows the sign-in page instead of waiting, and tries again the next time', async () => {
    vi.resetModules();
    vi.doMock('../../../sync', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { loadDataLayer: load } = await import('../../../src/lib/data-layer');
    const { sessionStore: store } = await import('../../../sync/shell');
    store.setState({ status: 'loading', user: null });
    await expect(load()).rejects.toThrow();
    expect(store.getState().status).toBe('signed-out');

    vi.doUnmock('../../../sync');
    const sync = await load();
    expect(sync.restoreSession).toBeTypeOf('function');
  });
});
