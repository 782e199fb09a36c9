import { sessionDb, type KeyringRow } from '../db/session-db';
import { currentDataKey, dataKeyOwner, dropDataKey, newDataKey, setDataKey } from '../db/seal';

export { dataKeyOwner };

/*
 * The data key of a user database (DESIGN: Security on the device), as a password
 * manager's web vault keeps its own: a random key, stored only wrapped by a key derived
 * from the user's password (PBKDF2-SHA-256, 600,000 iterations, a salt of its own), and
 * in memory only while unlocked (db/seal.ts). Unwrapping is AES-GCM: a wrong password
 * fails its tag, so it never opens anything.
 */

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256, as the idle lock's verifier. */
export const WRAP_ITERATIONS = 600_000;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function wrappingKey(password: string, salt: Uint8Array, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** `key` wrapped by `password` for database `db`, with a fresh salt and nonce. */
export async function wrapDataKey(
  db: string,
  key: Uint8Array,
  password: string,
  iterations = WRAP_ITERATIONS,
): Promise<KeyringRow> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const kek = await wrappingKey(password, salt, iterations);
  const wrapped = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, kek, key as BufferSource);
  return { db, salt: toBase64(salt), iv: toBase64(iv), wrapped: toBase64(new Uint8Array(wrapped)), iterations };
}

/** The data key of `row`, or null when `password` is not the one it was wrapped with. */
export async function unwrapDataKey(row: KeyringRow, password: string): Promise<Uint8Array | null> {
  const kek = await wrappingKey(password, fromBase64(row.salt), row.iterations);
  try {
    const key = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(row.iv) }, kek, fromBase64(row.wrapped));
    return new Uint8Array(key);
  } catch {
    return null;
  }
}

const hold = (db: string, key: Uint8Array) => setDataKey(key, db);

/** Drops the key from memory (idle lock, sign-out). */
export function forgetDataKey(): void {
  dropDataKey();
}

export type OpenDataKeyResult = 'opened' | 'created' | 'rewrapped' | 'wrong-password';

/**
 * Unlocks database `db` with `password`: unwraps its key, or makes one when it has none
 * yet (a new database, or one from before sealing: `passwordChecked` says the password was
 * checked some other way first). `serverAccepted`: the server just accepted this password
 * (an online sign-in), so a key that does not unwrap with it while the key is still in
 * memory means the password was changed on the server: the key is wrapped again with the
 * new one; the data stays as sealed.
 */
export async function openDataKey(
  db: string,
  password: string,
  options: { passwordChecked: boolean; serverAccepted?: boolean; iterations?: number },
): Promise<OpenDataKeyResult> {
  const row = await sessionDb.keyrings.get(db);
  if (!row) {
    if (!options.passwordChecked) return 'wrong-password';
    const key = newDataKey();
    await sessionDb.keyrings.put(await wrapDataKey(db, key, password, options.iterations));
    hold(db, key);
    return 'created';
  }
  const key = await unwrapDataKey(row, password);
  performance.mark('ashray:key-unwrapped');
  if (key) {
    hold(db, key);
    return 'opened';
  }
  const held = dataKeyOwner() === db ? currentDataKey(db) : null;
  if (!options.serverAccepted || !held) return 'wrong-password';
  const { sealedThrough } = row;
  const rewrapped = await wrapDataKey(db, held, password, options.iterations ?? row.iterations);
  await sessionDb.keyrings.put(sealedThrough ? { ...rewrapped, sealedThrough } : rewrapped);
  return 'rewrapped';
}
