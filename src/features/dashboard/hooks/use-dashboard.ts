import { useLiveQuery } from 'dexie-react-hooks';
import { lookupKeys, readLookup } from '../../../../sync';

export type DashboardCounts = Record<string, number>;

/** The dashboard counts of the last pull, read from the device (works offline). */
export function useDashboard() {
  return useLiveQuery(() => readLookup<DashboardCounts>(lookupKeys.dashboard), [], null);
}
