import { useEffect } from 'react';
import { useLiveQuery } from '../../../lib/use-live-query';
import { centersDetails, listCenters, pullAdminLists } from '../../../../sync';

/** One page of Center Details from the device; null while the first read runs. */
export function useCentersPage(filter: Parameters<typeof listCenters>[0], page: number) {
  const key = JSON.stringify(filter);
  return useLiveQuery(() => listCenters(filter, page), [key, page], null);
}

export const useCentersDetails = () => useLiveQuery(() => centersDetails(), [], null);

/** Brings the device's centers up to date when the screen opens (offline it keeps what it has). */
export function usePullCenters() {
  useEffect(() => {
    // The users too: a center they belong to says so before a delete.
    void pullAdminLists(['centers', 'users']);
  }, []);
}
