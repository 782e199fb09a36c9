import { useLiveQuery } from 'dexie-react-hooks';
import {
  countExitEntries,
  listExitEntries,
  listShortStayRegister,
  paginate,
  type ExitListConfig,
  type ExitListFilter,
  type ExitListPage,
} from '../../../../sync';

/** A page of an exit list from the device, `'failed'` when the device could not answer, null while loading. */
export type ExitListResult = ExitListPage | 'failed' | null;

/**
 * The page shows as soon as its rows are read; its total is counted beside it (up to
 * 200 ms at bench scale, see sync/queries/exits.ts) and only again when the filter or the
 * entries change, not for another page of the same list.
 */
export function useExitPage(config: ExitListConfig, filter: ExitListFilter, page: number): ExitListResult {
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
