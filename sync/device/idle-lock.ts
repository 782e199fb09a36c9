import { createStore } from 'zustand/vanilla';
import { sessionDb, type PasswordVerifier } from '../db/session-db';

/*
 * The idle lock (DESIGN: Security on the device). A shared tablet left on a table must
 * not show children's records to whoever picks it up. After IDLE_LOCK_MS without input
 * the app covers itself and asks for the password again; the check works offline
 * against a PBKDF2 verifier saved at sign-in (the password itself is never stored).
 * The last activity is kept across reloads, so closing and reopening the tab after the
 * idle time opens the app locked too.
 */

/** Ten minutes: long enough for an interview with a child, short for an unattended tablet. */
export const IDLE_LOCK_MS = 10 * 60_000;
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256. */
export const PBKDF2_ITERATIONS = 600_000;
export const LAST_ACTIVE_KEY = 'ashray-last-active';
export const WRONG_PASSWORD = 'The password is not correct.';

export type LockState = { locked: boolean };
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
  lockStore.setState({ locked: true });
  return true;
}

/** Opens the lock when the password matches the one given at sign-in; works offline. */
export async function unlock(password: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const verifier = (await sessionDb.session.get('current'))?.verifier;
  if (!verifier || !(await checkVerifier(verifier, password))) return { ok: false, message: WRONG_PASSWORD };
  markActive();
  lockStore.setState({ locked: false });
  return { ok: true };
}

/** A new sign-in or a sign-out opens the lock and starts the idle clock again. */
export function resetLock(): void {
  markActive();
  lockStore.setState({ locked: false });
}
