import { XChaCha20Poly1305 } from '@stablelib/xchacha20poly1305';
import { sameJson } from './same-json';

/*
 * Records sealed at rest (DESIGN: Security on the device). A row keeps in clear only the
 * fields its table's indexes are made of (ids, cid, center, dates, status codes, sync
 * state: they identify nobody); everything else is one sealed field, `_sealed`: a 24-byte
 * nonce and the XChaCha20-Poly1305 ciphertext of the other fields as JSON.
 *
 * Why not WebCrypto's AES-GCM: sealing happens inside IndexedDB transactions (a DBCore
 * middleware, seal-middleware.ts), and an IndexedDB transaction commits as soon as the code
 * waits for anything but its own requests. `crypto.subtle` answers in a later task, so a
 * write sealed with it would find its transaction gone. A JavaScript XChaCha20-Poly1305 seals
 * synchronously, and its 24-byte random nonces never repeat in practice under one key.
 * @stablelib's holds its key and costs half what @noble/ciphers' did a row (which copied the
 * key and made typed-array views of small buffers on every call: the pull seals 100,000
 * rows); both compute the same construction (draft-irtf-cfrg-xchacha), so rows sealed by
 * either open with the other.
 *
 * The data key is held here, in memory only: set by an unlock (device/data-key.ts),
 * dropped by the idle lock, sign-out, a reload or a closed tab.
 */

/** The one field of a sealed row that is not in clear. */
export const SEALED = '_sealed';

let dataKey: Uint8Array | null = null;
/** The cipher of the data key in memory, made once a key (it keeps its own copy, wiped on drop). */
let cipher: { key: Uint8Array; aead: XChaCha20Poly1305 } | null = null;
/** The database the key is for; null in tests that open databases of their own under one key. */
let keyOwner: string | null = null;
const listeners = new Set<(key: Uint8Array | null) => void>();

/** A read or write of sealed rows while no data key is in memory (the app is locked). */
export class DataLockedError extends Error {
  constructor() {
    super('The data on this device is locked: unlock with the password first.');
    this.name = 'DataLockedError';
  }
}

/** Whether `error` is (or wraps, as Dexie does) a read or write refused because the data is locked. */
export function isDataLocked(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { inner?: unknown }).inner, depth++)
    if ((e as { name?: unknown }).name === 'DataLockedError') return true;
  return false;
}

/** Wipes the cipher's copy of the key; the next seal or open makes it again from the key given. */
function forgetCipher(): void {
  cipher?.aead.clean();
  cipher = null;
}

export function setDataKey(key: Uint8Array, owner: string | null = null): void {
  forgetCipher();
  dataKey = key;
  keyOwner = owner;
  for (const listener of listeners) listener(key);
}

/** Forgets the data key: from now on sealed rows can be neither read nor written. */
export function dropDataKey(): void {
  if (!dataKey) return;
  dataKey = null;
  forgetCipher();
  keyOwner = null;
  for (const listener of listeners) listener(null);
}

/** Whether a key is in memory (for database `db`, when named). */
export const hasDataKey = (db?: string): boolean => currentDataKey(db) !== null;

/** The database whose key is in memory, if any. */
export const dataKeyOwner = (): string | null => (dataKey ? keyOwner : null);

/** The key in memory for `db`; throws when locked (or the key is another database's). */
export function requireDataKey(db?: string): Uint8Array {
  const key = currentDataKey(db);
  if (!key) throw new DataLockedError();
  return key;
}

/** Called with the new key (or null) whenever it is set or dropped. */
export function onDataKey(listener: (key: Uint8Array | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const newDataKey = (): Uint8Array => crypto.getRandomValues(new Uint8Array(32));

const toBase64 = (bytes: Uint8Array): string => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Bytes, whichever realm made them (a worker's, a test environment's clone). */
const isBytes = (value: unknown): value is Uint8Array =>
  Object.prototype.toString.call(value) === '[object Uint8Array]';

/** JSON that keeps what rows hold besides plain values: dates (form drafts) and bytes (files). */
function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return { $date: raw.toISOString() };
  if (isBytes(raw)) return { $bytes: toBase64(raw) };
  if (raw instanceof ArrayBuffer) return { $bytes: toBase64(new Uint8Array(raw)) };
  return value;
}
function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const tagged = value as { $date?: string; $bytes?: string };
    if (typeof tagged.$date === 'string' && Object.keys(value).length === 1) return new Date(tagged.$date);
    if (typeof tagged.$bytes === 'string' && Object.keys(value).length === 1) return fromBase64(tagged.$bytes);
  }
  return value;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Nonces are drawn from the system's random source a few thousand at a time: one call per
 * row cost more than sealing the row (a pull seals 100,000). Each nonce is taken once.
 */
const noncePool = new Uint8Array(24 * 2048);
let nonceAt = noncePool.length;

/** The cipher for `key`: the one of the key in memory, made again only for another key (tests, a worker). */
function aeadFor(key: Uint8Array): XChaCha20Poly1305 {
  if (cipher?.key !== key) {
    forgetCipher();
    cipher = { key, aead: new XChaCha20Poly1305(key) };
  }
  return cipher.aead;
}

/** Seals `plain` under `key` with a fresh nonce, written in one buffer: nonce ‖ ciphertext ‖ tag. */
function seal(key: Uint8Array, plain: Uint8Array): Uint8Array {
  if (nonceAt + 24 > noncePool.length) {
    crypto.getRandomValues(noncePool);
    nonceAt = 0;
  }
  const out = new Uint8Array(24 + plain.length + 16);
  out.set(noncePool.subarray(nonceAt, (nonceAt += 24)));
  aeadFor(key).seal(out.subarray(0, 24), plain, undefined, out.subarray(24));
  return out;
}

/** Opens nonce ‖ ciphertext ‖ tag; throws when `key` is not the one it was sealed with (or it was altered). */
function open(key: Uint8Array, sealed: Uint8Array): Uint8Array {
  const plain = aeadFor(key).open(sealed.subarray(0, 24), sealed.subarray(24));
  if (!plain) throw new Error('A sealed record did not open with this key: another key, or altered.');
  return plain;
}

/** Seals any JSON-like value (with dates and bytes) under `key`: nonce ‖ ciphertext. */
export function sealValue(key: Uint8Array, value: unknown): Uint8Array {
  return seal(key, encoder.encode(JSON.stringify(value, replacer)));
}

/** Opens what sealValue sealed; throws when the key is not the one it was sealed with. */
export function openValue(key: Uint8Array, sealed: Uint8Array): unknown {
  const text = decoder.decode(open(key, sealed));
  // The reviver only where the replacer tagged a date or bytes: parsing through it is slower.
  return JSON.parse(text, text.includes('{"$date"') || text.includes('{"$bytes"') ? reviver : undefined);
}

/** Seals bytes as they are (a kept photo or document, device/photo-cache.ts): nonce ‖ ciphertext. */
export function sealBytes(key: Uint8Array, bytes: Uint8Array): Uint8Array {
  return seal(key, bytes);
}

/** Opens what sealBytes sealed; throws when the key is not the one it was sealed with. */
export function openBytes(key: Uint8Array, sealed: Uint8Array): Uint8Array {
  return open(key, sealed);
}

type Row = Record<string, unknown>;

export const isSealed = (row: unknown): row is Row & { [SEALED]: Uint8Array } =>
  !!row && typeof row === 'object' && isBytes((row as Row)[SEALED]);

/** The stored mark of a `_base` that is the row's own server fields (baseIsRow). */
const SAME_BASE = { $sameAsRow: 1 } as const;

/** A server field of a row: all but its cid and the engine's own (`_base`, `_sync`, `_deleted`...). */
const isServerField = (field: string): boolean => field !== 'cid' && !field.startsWith('_');

/**
 * Whether the row's `_base` (the server version its edits start from, sync/engine) is the row's
 * own server fields, as it is for every synced row: sealed once, not twice. Half the bytes to
 * seal and store for a pull's rows.
 */
function baseIsRow(row: Row): boolean {
  const base = row._base as Row | null | undefined;
  if (!base || typeof base !== 'object' || Array.isArray(base)) return false;
  let fields = 0;
  for (const field in row) {
    if (!isServerField(field)) continue;
    if (!Object.hasOwn(base, field) || !sameJson(base[field], row[field])) return false;
    fields += 1;
  }
  return fields === Object.keys(base).length;
}

/**
 * Of a row's clear fields, those it seals too: the fields of an index no query reads this
 * row by (app-db.ts `unreadIndexFields`). IndexedDB leaves a row without an index's field
 * out of that index, so the row costs that index no write, and tells less in clear.
 */
export type UnreadIndexFields = (table: string, row: Row) => readonly string[];

/** The row as stored: `clear` fields as they are (but `sealedToo`), all the others sealed in `_sealed`. */
export function sealRow(key: Uint8Array, row: Row, clear: ReadonlySet<string>, sealedToo: readonly string[] = []): Row {
  const stored: Row = {};
  const hidden: Row = {};
  for (const field in row) {
    if (clear.has(field) && !sealedToo.includes(field)) stored[field] = row[field];
    else hidden[field] = row[field];
  }
  if (!clear.has('_base') && baseIsRow(row)) hidden._base = SAME_BASE;
  stored[SEALED] = sealValue(key, hidden);
  return stored;
}

/** The row as written: a sealed row opened, a row from before sealing (clear) as it is. */
export function openRow(key: Uint8Array | null, row: unknown): unknown {
  if (!isSealed(row)) return row;
  if (!key) throw new DataLockedError();
  // Field by field, not by spreads: a rest pattern with a computed key and two spreads cost
  // as much as opening the sealed part itself, and every read of the app comes through here.
  const opened: Row = {};
  for (const field in row) if (field !== SEALED) opened[field] = row[field];
  const hidden = openValue(key, row[SEALED]) as Row;
  for (const field in hidden) opened[field] = hidden[field];
  if ((opened._base as { $sameAsRow?: unknown } | undefined)?.$sameAsRow === 1) {
    const base: Row = {};
    for (const field in opened) if (isServerField(field)) base[field] = opened[field];
    opened._base = base;
  }
  return opened;
}

/**
 * The key in memory for `db`, or null: locked, or the key is another database's (a write
 * in flight to a closed user's database is never sealed with the next user's key).
 */
export const currentDataKey = (db?: string): Uint8Array | null =>
  db !== undefined && keyOwner !== null && keyOwner !== db ? null : dataKey;
