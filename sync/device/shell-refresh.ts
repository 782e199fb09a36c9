import { buildPath } from '../contract/endpoints';
import { centersLookup, ensureGeo, ensureLookup, readGeo, tagsLookup } from '../queries/lookups';
import { lookupKeys, refreshLookup, type LookupResult } from './lookups-cache';
import { refreshUser } from './session';

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

/** Asks the server for the bell's count (GET /notify_list_count/{centerId}) and keeps it on the device. */
export const refreshNotifyCount = (centerId: number): Promise<LookupResult> =>
  refreshLookup(lookupKeys.notifyCount, buildPath('notifyListCount', { centerId }));

/** Refreshes what the shell and the dashboard show, and the user's permissions. */
export async function refreshShell(centerId: number): Promise<LookupResult[]> {
  void refreshUser();
  void prefetchForOffline().catch(() => undefined);
  return Promise.all([
    refreshLookup(lookupKeys.dashboard, buildPath('dashboard', {})),
    refreshNotifyCount(centerId),
    refreshLookup(centersLookup.key, centersLookup.path),
    refreshLookup(lookupKeys.centersPoints, buildPath('centersPoints', {})),
  ]);
}
