import { useEffect, useState } from 'react';
import { showDateTime, showTimeAgo } from '../../../lib/dates';
import { textOf } from '../../../lib/i18n';
import {
  ALL_CENTERS_ID,
  keepAsking,
  loadGroupReport,
  loadReport,
  loadReportDetails,
  messages,
  type Answer,
  type DetailsRequest,
  type DetailsRow,
  type GroupReportAnswer,
  type LoadOptions,
  type Pagination,
  type ReportAnswer,
  type ReportFilter,
  type ReportSource,
  type Sourced,
} from '../../../../sync';
import { toast } from '../../../components/toast';
import { useOnline, useUser } from '../../../lib/use-store';

export type { DetailsRequest, DetailsRow, GroupReportAnswer, ReportAnswer, ReportSource };

/**
 * Loads an answer when its key changes; a failure shows 'Something went wrong!' (spec
 * section 8). While the device's count stands in for a server that did not answer, the
 * server is asked again in the background and its answer replaces the device's.
 */
function useSourced<T>(load: (online: boolean, options: LoadOptions) => Promise<Answer<Sourced<T>>>, key: string) {
  const online = useOnline();
  const [state, setState] = useState<{ key: string; value: Sourced<T> | null }>({ key: '', value: null });
  useEffect(() => {
    const asking = new AbortController();
    void keepAsking(load, {
      online,
      signal: asking.signal,
      onAnswer: (answer) => {
        if (answer.ok) setState({ key, value: answer.value });
        else {
          toast.error(answer.error.message || messages.somethingWentWrong);
          setState({ key, value: null });
        }
      },
    });
    return () => asking.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the request
  }, [key, online]);
  return state.key === key ? state.value : null;
}

/** The center a report asks for: a center-bound user's own center, always. */
export function useReportFilter(filter: Partial<Record<'centerId' | 'from_date' | 'to_date', string>>): ReportFilter {
  const user = useUser();
  const centerId = user.centerId !== ALL_CENTERS_ID ? user.centerId : filter.centerId ? Number(filter.centerId) : null;
  return { centerId, from_date: filter.from_date ?? null, to_date: filter.to_date ?? null };
}

export const useReport = (filter: ReportFilter) =>
  useSourced<ReportAnswer>((online, options) => loadReport(filter, online, options), JSON.stringify(filter));
export const useGroupReport = (filter: ReportFilter) =>
  useSourced<GroupReportAnswer>((online, options) => loadGroupReport(filter, online, options), JSON.stringify(filter));
export const useReportDetails = (req: DetailsRequest, page: number, group: boolean) =>
  useSourced<{ rows: DetailsRow[]; pagination: Pagination }>(
    (online, options) => loadReportDetails(req, page, online, group, options),
    JSON.stringify([req, page, group]),
  );

/**
 * Which source answered: the server, or this device as of its last sync (its age in words
 * and its time), saying why and, when the server did not answer, that it is still asked; in
 * the language shown.
 */
export function sourceText(source: ReportSource, now = Date.now()): string {
  if (source.source === 'server') return textOf('reports.csv.byServer');
  const at = source.syncedAt
    ? textOf('reports.source.lastSync', {
        ago: showTimeAgo(Math.min(source.syncedAt, now)),
        at: showDateTime(source.syncedAt),
      })
    : textOf('reports.csv.notSynced');
  if (source.why === 'offline') return textOf('reports.source.offline', { at });
  return textOf('reports.source.asking', { at });
}
