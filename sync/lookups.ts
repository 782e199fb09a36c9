import { currentDb, refreshUser } from './session';
import { request } from './transport';
import { isSyncError, type SyncError } from './errors';
import { ensureGeo, ensureLookup, readGeo, tagsLookup } from './queries/lookups';

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

const INDIA = 101;

/**
 * Keeps on the device what a registration needs offline: countries, India's states and
 * every state's districts, and the document tags. Each is fetched when missing or a day
 * old, one request at a time, in the background.
 */
export async function prefetchForOffline(): Promise<void> {
  await ensureGeo('country');
  await ensureGeo('state', INDIA);
  await ensureLookup(tagsLookup.key, tagsLookup.path);
  for (const state of (await readGeo('state', INDIA)) ?? []) await ensureGeo('districts', state.id);
}

/** Refreshes what the shell and the dashboard show, and the user's permissions. */
export async function refreshShell(centerId: number): Promise<LookupResult[]> {
  void refreshUser();
  void prefetchForOffline().catch(() => undefined);
  return Promise.all([
    refreshLookup(lookupKeys.dashboard, '/dashboard'),
    refreshLookup(lookupKeys.notifyCount, `/notify_list_count/${centerId}`),
    refreshLookup(lookupKeys.centersList, '/centers_list'),
    refreshLookup(lookupKeys.centersPoints, '/centers_points'),
  ]);
}
