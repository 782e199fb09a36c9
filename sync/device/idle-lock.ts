import { createStore } from 'zustand/vanilla';
import { sessionDb, type PasswordVerifier } from '../db/session-db';
import { appDbName } from '../db/app-db';
import { sessionUserKey } from '../contract/auth';
import { forgetDataKey, openDataKey } from './data-key';

/*
 * The idle lock (DESIGN: Security on the device). A shared tablet left on a table must
 * not show children's records to whoever picks it up. After IDLE_LOCK_MS without input
 * the app covers itself and asks for the password again; the check works offline
 * against a PBKDF2 verifier saved at sign-in (the password itself is never stored).
 * The last activity is kept across reloads, so closing and reopening the tab after the
 * idle time opens the app locked too.
 *
 * Locking also drops the data key (device/data-key.ts): while locked, the records on the
 * device cannot be read, not only not shown. A reload opens locked for the same reason
 * (restoreSession): the key was only in the memory of the page that is gone.
 */

/** Ten minutes: long enough for an interview with a child, short for an unattended tablet. */
export const IDLE_LOCK_MS = 10 * 60_000;
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256. */
export const PBKDF2_ITERATIONS = 600_000;
export const LAST_ACTIVE_KEY = 'ashray-last-active';
export const WRONG_PASSWORD = 'The password is not correct.';

/**
 * `reason`: 'idle' after the idle time, 'opened' when the app opened without the data key (a
 * reload), 'password-changed' when an online sign-in's password (changed on the server) does
 * not open the key this device wrapped with the previous one.
 */
export type LockState = { locked: boolean; reason?: 'idle' | 'opened' | 'password-changed' };
export const lockStore = createStore<LockState>(() => ({ locked: false }));

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    material,
    256,
  );
  return new Uint8Array(bits);
}

/** A verifier of `password`: a random salt and the derived bits, never the password. */
export async function makeVerifier(password: string, iterations = PBKDF2_ITERATIONS): Promise<PasswordVerifier> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { salt: toBase64(salt), hash: toBase64(await derive(password, salt, iterations)), iterations };
}

/** True when `password` matches the verifier; compares every byte (no early exit). */
export async function checkVerifier(verifier: PasswordVerifier, password: string): Promise<boolean> {
  const expected = fromBase64(verifier.hash);
  const actual = await derive(password, fromBase64(verifier.salt), verifier.iterations);
  let difference = expected.length ^ actual.length;
  for (let i = 0; i < expected.length; i++) difference |= expected[i] ^ (actual[i] ?? 0);
  return difference === 0;
}

/** Records input now (throttled by the caller); the idle clock starts again. */
export function markActive(now = Date.now()): void {
  try {
    localStorage.setItem(LAST_ACTIVE_KEY, String(now));
  } catch {
    // Storage full or blocked: the in-memory timer still locks this tab.
  }
}

export function lastActiveAt(): number | null {
  try {
    const value = Number(localStorage.getItem(LAST_ACTIVE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Locks when the idle time has passed since the last input (this tab's or a reopened one's). */
export async function lockIfIdle(now = Date.now(), idleMs = IDLE_LOCK_MS): Promise<boolean> {
  if (lockStore.getState().locked) return true;
  const last = lastActiveAt();
  if (last === null || now - last < idleMs) return false;
  // Without a verifier (a session saved before the lock existed) nothing could open it offline.
  if (!(await sessionDb.session.get('current'))?.verifier) return false;
  lock();
  return true;
}

/** Locks now: the screen is covered and the data key leaves memory. */
export function lock(reason: LockState['reason'] = 'idle'): void {
  forgetDataKey();
  lockStore.setState({ locked: true, reason });
}

/**
 * The password the server accepted at a sign-in that did not open the device's key: held in
 * memory only (as the key is) until the previous password opens the key at the lock, which
 * then wraps the same key with this one; the data is not sealed again.
 */
let newPassword: { db: string; password: string } | null = null;

/** After an online sign-in whose password does not unwrap the key of `db`: asks for the previous one. */
export function lockForChangedPassword(db: string, password: string): void {
  newPassword = { db, password };
  lock('password-changed');
}

/**
 * Opens the lock when the password unwraps the data key (or, for a database from before
 * sealing, matches the verifier saved at sign-in, and a key is made for it); works offline.
 */
export async function unlock(password: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const saved = await sessionDb.session.get('current');
  if (!saved) return { ok: false, message: WRONG_PASSWORD };
  const db = appDbName(sessionUserKey(saved.user), saved.apiOrigin);
  const wrapped = (await sessionDb.keyrings.get(db)) !== undefined;
  const checked = !wrapped && !!saved.verifier && (await checkVerifier(saved.verifier, password));
  const opened = await openDataKey(db, password, { passwordChecked: checked });
  if (opened === 'wrong-password') return { ok: false, message: WRONG_PASSWORD };
  if (newPassword?.db === db && newPassword.password !== password) {
    // The previous password opened the key: from now on the one the server accepted does.
    await openDataKey(db, newPassword.password, { passwordChecked: true, serverAccepted: true });
  }
  newPassword = null;
  markActive();
  lockStore.setState({ locked: false });
  return { ok: true };
}

/** A new sign-in or a sign-out opens the lock and starts the idle clock again. */
export function resetLock(): void {
  newPassword = null;
  markActive();
  lockStore.setState({ locked: false });
}
