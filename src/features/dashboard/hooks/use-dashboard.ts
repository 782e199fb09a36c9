import { useLiveQuery } from '../../../lib/use-live-query';
import { dashboardTrends, lookupKeys, readLookup } from '../../../../sync';

export type DashboardCounts = Record<string, number>;

/** The dashboard counts of the last pull, read from the device (works offline). */
export function useDashboard() {
  return useLiveQuery(() => readLookup<DashboardCounts>(lookupKeys.dashboard), [], null);
}

const noTrends: Record<string, number[]> = {};

/** The last 12 months of the tiles that have a trend, counted on the device (once `wanted`). */
export const useDashboardTrends = (wanted = true) =>
  useLiveQuery(() => (wanted ? dashboardTrends(12) : noTrends), [wanted], noTrends);
