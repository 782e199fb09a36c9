import { useLiveQuery } from '../../../lib/use-live-query';
import {
  countExitEntries,
  deviceHoldsHistory,
  listExitEntries,
  listShortStayRegister,
  paginate,
  type ExitListConfig,
  type ExitListFilter,
  type ExitListPage,
  type ExitListRow,
} from '../../../../sync';
import { keyedRows, useDeviceHolds, useOnlineListPage } from '../../../lib/use-online-list';

/**
 * A page of an exit list, `'failed'` when it could not be read, null while loading. A page
 * read through the documented call carries when it was fetched (null: never, on this device).
 */
export type ExitListResult = (ExitListPage & { fetchedAt?: number | null }) | 'failed' | null;

/**
 * The page shows as soon as its rows are read; its total is counted beside it (up to
 * 200 ms at bench scale, see sync/queries/exits.ts) and only again when the filter or the
 * entries change, not for another page of the same list.
 */
export function useExitPage(config: ExitListConfig, filter: ExitListFilter, page: number): ExitListResult {
  // Without our history pull the device holds no entries: the documented call answers.
  // (POST /restore_exit_list/{status}, /short_stay_register, spec part 2 section 7).
  const holds = useDeviceHolds(deviceHoldsHistory, 'history');
  const query =
    holds !== false
      ? null
      : config.register
        ? { endpoint: 'shortStayRegisterList' as const, filter, page }
        : { endpoint: 'restoreExitList' as const, params: { status: config.status }, filter, page };
  const fetched = useOnlineListPage<ExitListRow>(query);
  const local = useLocalExitPage(config, filter, page);
  if (holds === null) return null;
  if (holds) return local;
  if (fetched === null || fetched === 'failed') return fetched;
  return { ...fetched, rows: keyedRows(fetched.rows), counting: false };
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
