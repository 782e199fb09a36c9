import { currentDataKey, openBytes, sealBytes } from '../db/seal';

/*
 * Child photos and document files kept for offline (DESIGN: "child photos in a cache the
 * logout clears"). The server serves a file only with the bearer token, so the page fetches
 * it and keeps it in a Cache Storage cache named after the signed-in user's database:
 * another user on the device never reads from it, and sign-out deletes every photo cache.
 * Files are stored under a new name on each upload, so a kept file is never stale; it is
 * used first and the network only when it is missing.
 *
 * Sealed at rest as the records are (DESIGN: Security on the device): the bytes under the
 * data key (db/seal.ts), and the entry's address a keyed hash of the file's, so neither
 * the picture nor its name is in clear. Locked, nothing is read or kept: the file opens
 * into an object URL only while the key is in memory.
 */

const PREFIX = 'ashray-photos:';
/** Where a sealed entry is kept: the path under the file's own origin, then the keyed hash. */
const SEALED_PATH = '/sealed-file/';

const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

/** The photo cache of one user's database. */
export const photoCacheName = (dbName: string): string => `${PREFIX}${dbName}`;

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** The HMAC key of entry addresses, derived from the data key (HKDF), one per data key. */
const addressKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function addressKey(dataKey: Uint8Array): Promise<CryptoKey> {
  let key = addressKeys.get(dataKey);
  if (!key) {
    key = crypto.subtle.importKey('raw', dataKey as BufferSource, 'HKDF', false, ['deriveKey']).then((material) =>
      crypto.subtle.deriveKey(
        {
          name: 'HKDF',
          hash: 'SHA-256',
          salt: new Uint8Array(0),
          info: new TextEncoder().encode('ashray file address'),
        },
        material,
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      ),
    );
    addressKeys.set(dataKey, key);
  }
  return key;
}

/** Where the file at `url` is kept sealed under `dataKey`: the same origin, a keyed hash for a path. */
export async function sealedAddress(url: string, dataKey: Uint8Array): Promise<string> {
  const absolute = new URL(url, globalThis.location?.href);
  const mac = await crypto.subtle.sign('HMAC', await addressKey(dataKey), new TextEncoder().encode(absolute.href));
  return new URL(`${SEALED_PATH}${toHex(mac)}`, absolute.origin).href;
}

/** Whether a kept entry is a sealed one (an entry kept in clear before sealing is not). */
export const isSealedAddress = (address: string): boolean => new URL(address).pathname.startsWith(SEALED_PATH);

/**
 * The file at `url` for the user of `dbName`: kept bytes first, else fetched with `token`
 * and kept sealed. Null when locked, or when neither has it (offline and never seen, or
 * refused).
 */
export async function cachedPhoto(url: string, dbName: string, token: string | undefined): Promise<Blob | null> {
  const dataKey = currentDataKey(dbName);
  if (!dataKey) return null;
  const storage = cacheStorage();
  const cache = storage ? await storage.open(photoCacheName(dbName)).catch(() => null) : null;
  const address = await sealedAddress(url, dataKey);
  const kept = await cache?.match(address);
  if (kept) {
    const type = kept.headers.get('Content-Type') ?? '';
    const opened = await kept
      .arrayBuffer()
      .then((sealed) => openBytes(dataKey, new Uint8Array(sealed)))
      .catch(() => null);
    if (opened) return new Blob([opened as BlobPart], { type });
  }
  try {
    const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) return null;
    const blob = await response.blob();
    // Locked meanwhile: the bytes are shown to nobody and kept nowhere.
    const stillKey = currentDataKey(dbName);
    if (!stillKey) return null;
    const sealed = sealBytes(stillKey, new Uint8Array(await blob.arrayBuffer()));
    // A fresh Response: the API's own headers (no-store, Vary) are not the cache's business;
    // the type (image/png) names nobody.
    await cache
      ?.put(address, new Response(sealed as BodyInit, { headers: { 'Content-Type': blob.type } }))
      .catch(() => undefined);
    return blob;
  } catch {
    return null;
  }
}

/**
 * Deletes the entries of `dbName`'s photo cache kept in clear before sealing: they are
 * fetched again, sealed, when shown or at the next prefetch.
 */
export async function dropClearPhotos(dbName: string): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  const cache = await storage.open(photoCacheName(dbName));
  const clear = (await cache.keys()).filter((request) => !isSealedAddress(request.url));
  await Promise.all(clear.map((request) => cache.delete(request)));
}

/** Deletes every user's photo cache (sign-out). */
export async function clearPhotoCaches(): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  const names = (await storage.keys()).filter((name) => name.startsWith(PREFIX));
  await Promise.all(names.map((name) => storage.delete(name)));
}
