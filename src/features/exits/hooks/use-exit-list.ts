import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  countExitEntries,
  deviceHoldsHistory,
  loadOnlineList,
  listExitEntries,
  listShortStayRegister,
  paginate,
  type ExitListConfig,
  type ExitListFilter,
  type ExitListPage,
  type ExitListRow,
} from '../../../../sync';
import { useOnline } from '../../../lib/use-store';

/**
 * A page of an exit list, `'failed'` when it could not be read, null while loading. A page
 * read through the documented call carries when it was fetched (null: never, on this device).
 */
export type ExitListResult = (ExitListPage & { fetchedAt?: number | null }) | 'failed' | null;

/**
 * The page from the documented call (POST /restore_exit_list/{status}, /short_stay_register,
 * spec part 2 section 7) for a server without our history pull: asked online, kept on the
 * device, and shown from there offline.
 */
function useOnlineExitPage(
  config: ExitListConfig,
  filter: ExitListFilter,
  page: number,
  enabled: boolean,
): ExitListResult {
  const online = useOnline();
  const key = JSON.stringify([config.path, filter, page, online]);
  const [state, setState] = useState<{ key: string; value: ExitListResult }>({ key: '', value: null });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const query = config.register
      ? { endpoint: 'shortStayRegisterList' as const, filter, page }
      : { endpoint: 'restoreExitList' as const, params: { status: config.status }, filter, page };
    void loadOnlineList<ExitListRow>(query, online)
      .then((answer) => {
        if (!live) return;
        const value: ExitListResult = answer.ok
          ? {
              rows: answer.value.rows.map((r, i) => ({ ...r, cid: r.cid ?? `online-${String(r.id ?? i)}` })),
              pagination: answer.value.pagination,
              counting: false,
              fetchedAt: answer.value.fetchedAt,
            }
          : 'failed';
        setState({ key, value });
      })
      .catch(() => live && setState({ key, value: 'failed' }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the request
  }, [key, enabled]);
  return state.key === key ? state.value : null;
}

/**
 * The page shows as soon as its rows are read; its total is counted beside it (up to
 * 200 ms at bench scale, see sync/queries/exits.ts) and only again when the filter or the
 * entries change, not for another page of the same list.
 */
export function useExitPage(config: ExitListConfig, filter: ExitListFilter, page: number): ExitListResult {
  // Without our history pull the device holds no entries: the documented call answers.
  const holds = useLiveQuery(() => deviceHoldsHistory(), [], null);
  const fetched = useOnlineExitPage(config, filter, page, holds === false);
  const local = useLocalExitPage(config, filter, page);
  if (holds === null) return null;
  return holds ? local : fetched;
}

function useLocalExitPage(config: ExitListConfig, filter: ExitListFilter, page: number): ExitListResult {
  const listKey = [config.path, JSON.stringify(filter)];
  const result = useLiveQuery(
    async (): Promise<ExitListResult> => {
      try {
        return config.register
          ? await listShortStayRegister({ filter, page })
          : await listExitEntries({ status: config.status, filter, page }, { total: 'later' });
      } catch {
        return 'failed';
      }
    },
    [...listKey, page],
    null,
  );
  const total = useLiveQuery(
    async () => (config.register ? null : countExitEntries({ status: config.status, filter }).catch(() => null)),
    listKey,
    null,
  );
  if (result === null || result === 'failed' || !result.counting || total === null) return result;
  return { ...result, pagination: paginate(total, page, result.pagination.per_page), counting: false };
}
