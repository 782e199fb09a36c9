import { isSyncError } from '../net/errors';
import { appDeps, childRecordsKey, perChildParts, readFetch, type ChildRecordsDeps } from './child-records-kept';
import { fetchChildRecords } from './child-records-online';

/** Children fetched in the background after one sync run, least recently fetched first. */
export const BACKGROUND_CHILDREN_PER_RUN = 3;

/** A child fetched (or tried) this recently is not fetched again in the background. */
export const BACKGROUND_REFETCH_MS = 6 * 60 * 60 * 1000;

/**
 * After a sync run against a server without the bulk extensions: a few children on the
 * device (BACKGROUND_CHILDREN_PER_RUN), least recently fetched or tried first, none tried
 * within BACKGROUND_REFETCH_MS. One child's failure is skipped; nothing here is a sync
 * error. Returns how many children were read.
 */
export async function fetchChildRecordsInBackground(
  deps: ChildRecordsDeps = appDeps(),
  limit = BACKGROUND_CHILDREN_PER_RUN,
): Promise<number> {
  const parts = await perChildParts(deps.db, deps.server);
  if (parts.length === 0) return 0;
  const now = (deps.now ?? Date.now)();
  const prefix = childRecordsKey(deps.server, 0).slice(0, -1);
  const lastTouched = new Map<number, number>();
  for (const row of await deps.db.syncState.where('collection').startsWith(prefix).toArray()) {
    const kept = readFetch(row);
    lastTouched.set(Number(row.collection.slice(prefix.length)), Math.max(kept.fetchedAt ?? 0, kept.attemptedAt ?? 0));
  }
  // The server ids alone (the index, not the records): this runs after every sync.
  const ids = (await deps.db.entity('children').where('id').above(0).keys()).filter(
    (id): id is number => typeof id === 'number',
  );
  const children = ids
    .map((id) => ({ id, at: lastTouched.get(id) ?? 0 }))
    .filter((c) => now - c.at >= BACKGROUND_REFETCH_MS || c.at === 0)
    .sort((a, b) => a.at - b.at || a.id - b.id)
    .slice(0, limit);
  let read = 0;
  for (const child of children) {
    try {
      if ((await fetchChildRecords(child, deps, parts)).fetchedAt !== null) read++;
    } catch (error) {
      if (!isSyncError(error)) throw error;
    }
  }
  return read;
}
