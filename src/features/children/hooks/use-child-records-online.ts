import { useEffect } from 'react';
import { useLiveQuery } from '../../../lib/use-live-query';
import { childRecordsFetched, fetchChildRecords, type ChildRecordsFetch, type LocalChild } from '../../../../sync';
import { useOnline } from '../../../lib/use-store';

/**
 * A child's history, activity log and documents from a server without our bulk
 * extensions: read through the documented per-child calls as the profile opens online
 * (sync/queries/child-records-online.ts), kept for offline. Returns what the device
 * remembers of that read (null: never read this way, or while it is looked up).
 */
export function useChildRecordsOnline(child: LocalChild): ChildRecordsFetch | null {
  const online = useOnline();
  const id = typeof child.id === 'number' ? child.id : null;
  useEffect(() => {
    if (!online || id === null) return;
    // A failed read leaves what was kept; the tables show it as they are.
    fetchChildRecords({ cid: child.cid, id }).catch(() => undefined);
  }, [online, id, child.cid]);
  const fetched = useLiveQuery(async () => (id === null ? null : childRecordsFetched(id)), [id], null);
  return fetched?.fetchedAt === null ? null : fetched;
}
