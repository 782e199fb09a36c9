import { useEffect } from 'react';
import { useLiveQuery } from '../../../lib/use-live-query';
import { listTags, pullAdminLists } from '../../../../sync';

export const useTagsPage = (page: number) => useLiveQuery(() => listTags(page), [page], null);

/** Brings the device's tags up to date when the screen opens. */
export function usePullTags() {
  useEffect(() => {
    void pullAdminLists(['tags']);
  }, []);
}
