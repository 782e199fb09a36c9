import { useLiveQuery } from 'dexie-react-hooks';
import {
  listExitEntries,
  listShortStayRegister,
  type ExitListConfig,
  type ExitListFilter,
  type ExitListPage,
} from '../../../../sync';

/** A page of an exit list from the device, `'failed'` when the device could not answer, null while loading. */
export type ExitListResult = ExitListPage | 'failed' | null;

export function useExitPage(config: ExitListConfig, filter: ExitListFilter, page: number): ExitListResult {
  return useLiveQuery(
    async (): Promise<ExitListResult> => {
      try {
        return config.register
          ? await listShortStayRegister({ filter, page })
          : await listExitEntries({ status: config.status, filter, page });
      } catch {
        return 'failed';
      }
    },
    [config.path, JSON.stringify(filter), page],
    null,
  );
}
