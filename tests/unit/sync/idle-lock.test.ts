import { beforeEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { setFetch } from '../../../sync/net/transport';
import { sessionStore, signIn, signOut } from '../../../sync/device/session';
import { sessionDb } from '../../../sync/db/session-db';
import {
  checkVerifier,
  IDLE_LOCK_MS,
  lockIfIdle,
  lockStore,
  makeVerifier,
  markActive,
  unlock,
  WRONG_PASSWORD,
} from '../../../sync/device/idle-lock';
import { json, loginUser } from '../support/login-answer';

const user = loginUser();

describe('idle lock (DESIGN: Security on the device)', () => {
  beforeEach(async () => {
    localStorage.clear();
    for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
    sessionStore.setState({ status: 'signed-out', user: null });
    lockStore.setState({ locked: false });
  });

  it('a verifier holds a salt and derived bits, never the password, and checks it', async () => {
    const verifier = await makeVerifier('demo1234', 1_000);
    expect(JSON.stringify(verifier)).not.toContain('demo1234');
    expect(await checkVerifier(verifier, 'demo1234')).toBe(true);
    expect(await checkVerifier(verifier, 'demo1235')).toBe(false);
    expect(await checkVerifier(verifier, '')).toBe(false);
    const again = await makeVerifier('demo1234', 1_000);
    expect(again.salt).not.toBe(verifier.salt); // a fresh salt per sign-in
  });

  it('locks after the idle time, and the sign-in password opens it with the network off', async () => {
    setFetch(async () => json(200, { success: true, data: user }));
    expect((await signIn({ email: 'staff@demo.test', password: 'demo1234' })).ok).toBe(true);
    const saved = await sessionDb.session.get('current');
    expect(saved?.verifier?.iterations).toBeGreaterThanOrEqual(600_000);
    expect(JSON.stringify(saved)).not.toContain('demo1234');

    const now = Date.now();
    markActive(now);
    expect(await lockIfIdle(now + IDLE_LOCK_MS - 1)).toBe(false);
    expect(lockStore.getState().locked).toBe(false);
    expect(await lockIfIdle(now + IDLE_LOCK_MS)).toBe(true);
    expect(lockStore.getState().locked).toBe(true);

    setFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await unlock('wrong')).toEqual({ ok: false, message: WRONG_PASSWORD });
    expect(lockStore.getState().locked).toBe(true);
    expect(await unlock('demo1234')).toEqual({ ok: true });
    expect(lockStore.getState().locked).toBe(false);
    setFetch(undefined);
  });

  it('a tab reopened after the idle time opens locked; signing out opens the lock and forgets the verifier', async () => {
    setFetch(async () => json(200, { success: true, data: user }));
    await signIn({ email: 'staff@demo.test', password: 'demo1234' });
    markActive(Date.now() - IDLE_LOCK_MS - 1_000);
    expect(await lockIfIdle()).toBe(true);
    await signOut({ force: true });
    expect(lockStore.getState().locked).toBe(false);
    expect(await sessionDb.session.get('current')).toBeUndefined();
    setFetch(undefined);
  });

  it('a session saved before the lock existed is not locked out (nothing could open it offline)', async () => {
    await sessionDb.session.put({
      key: 'current',
      user: { ...user, imagePath: '' },
      apiOrigin: 'http://localhost',
      savedAt: Date.now(),
    });
    markActive(Date.now() - IDLE_LOCK_MS - 1_000);
    expect(await lockIfIdle()).toBe(false);
  });
});
