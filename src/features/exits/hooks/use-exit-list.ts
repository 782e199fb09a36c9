import { useLiveQuery } from 'dexie-react-hooks';
import dayjs from 'dayjs';
import {
  centerOptions,
  dateFormats,
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

export const useCenterNames = (): Map<number, string> =>
  useLiveQuery(async () => new Map((await centerOptions()).map((c) => [c.id, c.name])), [], new Map<number, string>());

/** yyyy-MM-dd as dd-MM-yyyy. */
export function showDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const parsed = dayjs(value.slice(0, 10), dateFormats.stored, true);
  return parsed.isValid() ? parsed.format(dateFormats.display) : value;
}

/** A timestamp as dd-MM-yyyy HH:mm in local time. */
export function showDateTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(`${dateFormats.display} HH:mm`) : '';
}
