/*
 * Child photos kept for offline (DESIGN: "child photos in a cache the logout clears").
 * The server serves a photo only with the bearer token, so the page fetches it and keeps
 * the bytes in a Cache Storage cache named after the signed-in user's database: another
 * user on the device never reads from it, and sign-out deletes every photo cache. Photos
 * are stored under a new name on each upload, so a kept photo is never stale; it is used
 * first and the network only when it is missing.
 */

const PREFIX = 'ashray-photos:';

const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

/** The photo cache of one user's database. */
export const photoCacheName = (dbName: string): string => `${PREFIX}${dbName}`;

/**
 * The photo at `url` for the user of `dbName`: kept bytes first, else fetched with `token`
 * and kept. Null when neither has it (offline and never seen, or refused).
 */
export async function cachedPhoto(url: string, dbName: string, token: string | undefined): Promise<Blob | null> {
  const storage = cacheStorage();
  const cache = storage ? await storage.open(photoCacheName(dbName)).catch(() => null) : null;
  const kept = await cache?.match(url);
  if (kept) return kept.blob();
  try {
    const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) return null;
    const blob = await response.blob();
    // A fresh Response: the API's own headers (no-store, Vary) are not the cache's business.
    await cache?.put(url, new Response(blob, { headers: { 'Content-Type': blob.type } })).catch(() => undefined);
    return blob;
  } catch {
    return null;
  }
}

/** Deletes every user's photo cache (sign-out). */
export async function clearPhotoCaches(): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  const names = (await storage.keys()).filter((name) => name.startsWith(PREFIX));
  await Promise.all(names.map((name) => storage.delete(name)));
}
