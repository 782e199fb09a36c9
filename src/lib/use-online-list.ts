import { useEffect, useState } from 'react';
import { useLiveQuery } from './use-live-query';
import { loadOnlineList, type FetchedPage, type OnlineListQuery } from '../../sync';
import { useOnline } from './use-store';

/** A page read through a documented list call: null while loading, 'failed' when refused. */
export type OnlinePageResult<T> = FetchedPage<T> | 'failed' | null;

/**
 * One page of a documented list call (spec part 2, section 7) for a server whose data the
 * device does not hold: asked online, kept on the device, shown from there offline (its
 * `fetchedAt` says when). `query` null: not wanted (the device answers).
 */
export function useOnlineListPage<T>(query: OnlineListQuery | null): OnlinePageResult<T> {
  const online = useOnline();
  const key = query ? JSON.stringify([query, online]) : '';
  const [state, setState] = useState<{ key: string; value: OnlinePageResult<T> }>({ key: '', value: null });
  useEffect(() => {
    if (!query) return;
    let live = true;
    void loadOnlineList<T>(query, online)
      .then((answer) => live && setState({ key, value: answer.ok ? answer.value : 'failed' }))
      .catch(() => live && setState({ key, value: 'failed' }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the query
  }, [key]);
  return state.key === key ? state.value : null;
}

/** Whether the device holds what `holds` asks (null while it is read). */
export const useDeviceHolds = (holds: () => Promise<boolean>, name: string) => useLiveQuery(holds, [name], null);

/** Rows of a fetched page with a key for the table: the server's id. */
export const keyedRows = <T extends { id?: unknown; cid?: string }>(rows: T[]) =>
  rows.map((r, i) => ({ ...r, cid: r.cid ?? `online-${String(r.id ?? i)}` }));
