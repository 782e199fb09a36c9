import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { setFetch } from '../../../sync/net/transport';
import {
  currentDb,
  onSessionEnded,
  restoreSession,
  sessionStore,
  signIn,
  signOut,
  STORAGE_KEY,
} from '../../../sync/device/session';
import { readLookup, refreshLookup } from '../../../sync/device/lookups-cache';
import { lockStore, unlock } from '../../../sync/device/idle-lock';
import { forgetDataKey } from '../../../sync/device/data-key';
import { json, loginUser } from '../support/login-answer';
import { queueOne } from './queued';

const user = loginUser();

function serverAnswering(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  setFetch(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url.pathname);
    const route = routes[url.pathname];
    if (!route) throw new TypeError('Failed to fetch');
    return route();
  });
  return calls;
}

describe('session: sign in online, open offline, sign out safely', () => {
  beforeEach(async () => {
    localStorage.clear();
    for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
    sessionStore.setState({ status: 'signed-out', user: null });
  });
  afterEach(() => setFetch(undefined));

  it('a successful login is saved in IndexedDB and mirrored in browser storage', async () => {
    serverAnswering({ '/api/login': () => json(200, { success: true, data: user, image_path: '/files/' }) });
    const result = await signIn({ email: ' staff@demo.test ', password: 'demo1234' });
    expect(result.ok).toBe(true);
    expect(sessionStore.getState().user?.token).toBe('tok-7');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toMatchObject({
      token: 'tok-7',
      name: 'Staff',
      centerId: 3,
      role: { name: 'caseworker' },
      imagePath: '/files/',
    });
  });

  it('an idle lock that comes down once the signed-in app is on screen stays down while the sign-in finishes', async () => {
    serverAnswering({ '/api/login': () => json(200, { success: true, data: user, image_path: '/files/' }) });
    // The app shows as soon as the session is live; the lock may come down from then on.
    const unsubscribe = sessionStore.subscribe((state) => {
      if (state.status === 'signed-in') lockStore.setState({ locked: true });
    });
    try {
      expect((await signIn({ email: 'staff@demo.test', password: 'demo1234' })).ok).toBe(true);
    } finally {
      unsubscribe();
    }
    expect(lockStore.getState().locked).toBe(true);
    lockStore.setState({ locked: false });
  });

  it('the saved session opens the app with the network off, locked, and after the unlock cached reads come back', async () => {
    serverAnswering({
      '/api/login': () => json(200, { success: true, data: user }),
      '/api/dashboard': () => json(200, { success: true, data: { children_supported: 12 } }),
    });
    await signIn({ email: 'staff@demo.test', password: 'demo1234' });
    expect((await refreshLookup('dashboard', '/dashboard')).ok).toBe(true);
    sessionStore.setState({ status: 'loading', user: null });
    serverAnswering({});
    forgetDataKey(); // a reload: the page that held the key is gone
    const state = await restoreSession();
    expect(state.status).toBe('signed-in');
    expect(lockStore.getState().locked).toBe(true);
    expect(await unlock('demo1234')).toEqual({ ok: true });
    expect((await readLookup<{ children_supported: number }>('dashboard'))?.data.children_supported).toBe(12);
    const offline = await refreshLookup('dashboard', '/dashboard');
    expect(offline.ok === false && offline.error.reason).toBe('network');
  });

  it('logout with queued work asks first and, when forced, keeps the work for the next sign-in', async () => {
    serverAnswering({
      '/api/login': () => json(200, { success: true, data: user }),
      '/api/logout': () => json(200, { success: true, message: 'Logout successfully' }),
    });
    await signIn({ email: 'staff@demo.test', password: 'demo1234' });
    await queueOne();
    const asked = await signOut();
    expect(asked).toMatchObject({ ok: false, pending: 1 });
    expect(sessionStore.getState().status).toBe('signed-in');
    expect((await signOut({ force: true })).ok).toBe(true);
    expect(sessionStore.getState().status).toBe('signed-out');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    await signIn({ email: 'staff@demo.test', password: 'demo1234' });
    expect(await currentDb().outbox.count()).toBe(1);
  });

  it('logout with nothing queued wipes the user database', async () => {
    serverAnswering({
      '/api/login': () => json(200, { success: true, data: user }),
      '/api/logout': () => json(405, { success: false, message: 'Method not allowed.' }),
    });
    await signIn({ email: 'staff@demo.test', password: 'demo1234' });
    const name = currentDb().name;
    expect((await signOut()).ok).toBe(true);
    expect(await Dexie.getDatabaseNames()).not.toContain(name);
  });

  it("'Unauthenticated.' while signed in removes the saved user and tells the app to reload", async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    serverAnswering({
      '/api/login': () => json(200, { success: true, data: user }),
      '/api/dashboard': () => json(401, { message: 'Unauthenticated.' }),
    });
    await signIn({ email: 'staff@demo.test', password: 'demo1234' });
    const result = await refreshLookup('dashboard', '/dashboard');
    expect(result.ok === false && result.error.reason).toBe('unauthenticated');
    await vi.waitFor(() => expect(ended).toHaveBeenCalled());
    expect(sessionStore.getState().status).toBe('signed-out');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('a request refused while signing out neither reloads the page nor keeps the data', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    // A pull sent before the logout is answered after the server dropped the token.
    let answerPull: () => void = () => undefined;
    const pullAnswered = new Promise<void>((resolve) => (answerPull = resolve));
    serverAnswering({
      '/api/login': () => json(200, { success: true, data: user }),
      '/api/dashboard': () => json(401, { message: 'Unauthenticated.' }),
      '/api/logout': () => {
        answerPull();
        return json(200, { success: true, message: 'Logout successfully' });
      },
    });
    await signIn({ email: 'staff@demo.test', password: 'demo1234' });
    const name = currentDb().name;
    const pull = pullAnswered.then(() => refreshLookup('dashboard', '/dashboard'));
    expect((await signOut()).ok).toBe(true);
    expect((await pull).ok).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(ended).not.toHaveBeenCalled();
    expect(sessionStore.getState().status).toBe('signed-out');
    expect(await Dexie.getDatabaseNames()).not.toContain(name);
  });
});
