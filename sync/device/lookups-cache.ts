import { currentDb } from './session';
import { request } from '../net/transport';
import { isSyncError, type SyncError } from '../net/errors';

/**
 * Small server reads kept on the device so screens open offline: the last answer
 * of each is stored under a key and read back with a live query.
 */
export type LookupResult = { ok: true } | { ok: false; error: SyncError };

/** Fetches `path` and stores its data under `key`. Failures are returned, not thrown. */
export async function refreshLookup(key: string, path: string): Promise<LookupResult> {
  try {
    const envelope = await request<unknown>('GET', path);
    await currentDb().lookups.put({ key, data: envelope.data ?? null, pulledAt: Date.now() });
    return { ok: true };
  } catch (error) {
    if (isSyncError(error)) return { ok: false, error };
    throw error;
  }
}

/** The stored answer under `key`, or undefined when it was never pulled. */
export async function readLookup<T>(key: string): Promise<{ data: T; pulledAt: number } | undefined> {
  const row = await currentDb().lookups.get(key);
  return row ? { data: row.data as T, pulledAt: row.pulledAt } : undefined;
}

export const lookupKeys = {
  dashboard: 'dashboard',
  notifyCount: 'notify_count',
  centersList: 'centers_list',
  centersPoints: 'centers_points',
} as const;
