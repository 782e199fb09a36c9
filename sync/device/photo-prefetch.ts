import { currentDb } from './session';
import { cachedPhoto, dropClearPhotos, photoCacheName, sealedAddress } from './photo-cache';
import { currentDataKey } from '../db/seal';
import { childImageUrl } from '../queries/files';

/**
 * Photos of every child on the device are fetched in the background after a sync, so a
 * field worker offline sees the child they are looking for, not only children already
 * opened. They stop at this much storage for the whole site (shown on 'On this device').
 */
export const PHOTO_BUDGET_BYTES = 150 * 1024 * 1024;

const underBudget = async (budget: number): Promise<boolean> => {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return !estimate?.usage || estimate.usage < budget;
};

/**
 * Fetches into the user's photo cache every child photo it does not hold yet, newest
 * child first, two at a time, until done or the budget is reached. Returns how many were fetched. Quiet on
 * failure: a photo not fetched now is fetched when shown, or at the next sync.
 */
export async function prefetchChildPhotos(
  token: string | undefined,
  { budget = PHOTO_BUDGET_BYTES, concurrency = 2 }: { budget?: number; concurrency?: number } = {},
): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const db = currentDb();
  const dataKey = currentDataKey(db.name);
  if (!dataKey) return 0;
  // Photos kept in clear before sealing go; the ones still wanted come back sealed below.
  await dropClearPhotos(db.name);
  const cache = await caches.open(photoCacheName(db.name));
  const kept = new Set((await cache.keys()).map((request) => request.url));
  const urls = new Set<string>();
  // Newest first: the children a field worker is most likely to look for next.
  await db
    .entity('children')
    .orderBy('id')
    .reverse()
    .each((row) => {
      const url = childImageUrl(row.image);
      if (url && !row._deleted) urls.add(url);
    });
  const queue: string[] = [];
  for (const url of urls) if (!kept.has(await sealedAddress(url, dataKey))) queue.push(url);
  let fetched = 0;
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      if (!(await underBudget(budget))) return;
      if (await cachedPhoto(url, db.name, token)) fetched++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return fetched;
}
