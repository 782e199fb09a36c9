import { useEffect, useState } from 'react';
import { showDateTime } from '../../../lib/dates';
import {
  ALL_CENTERS_ID,
  loadGroupReport,
  loadReport,
  loadReportDetails,
  messages,
  type DetailsRequest,
  type DetailsRow,
  type GroupReportAnswer,
  type Pagination,
  type ReportAnswer,
  type ReportFilter,
  type ReportSource,
  type Sourced,
} from '../../../../sync';
import { toast } from '../../../components/toast';
import { useOnline, useUser } from '../../../lib/use-store';

export type { DetailsRequest, DetailsRow, GroupReportAnswer, ReportAnswer, ReportSource };

/** Loads an answer when its key changes; a failure shows 'Something went wrong!' (spec section 8). */
function useSourced<T>(
  load: (online: boolean) => Promise<{ ok: true; value: Sourced<T> } | { ok: false; error: { message: string } }>,
  key: string,
) {
  const online = useOnline();
  const [state, setState] = useState<{ key: string; value: Sourced<T> | null }>({ key: '', value: null });
  useEffect(() => {
    let live = true;
    void load(online).then((answer) => {
      if (!live) return;
      if (answer.ok) setState({ key, value: answer.value });
      else {
        toast.error(answer.error.message || messages.somethingWentWrong);
        setState({ key, value: null });
      }
    });
    return () => {
      live = false;
    };
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
  useSourced<ReportAnswer>((online) => loadReport(filter, online), JSON.stringify(filter));
export const useGroupReport = (filter: ReportFilter) =>
  useSourced<GroupReportAnswer>((online) => loadGroupReport(filter, online), JSON.stringify(filter));
export const useReportDetails = (req: DetailsRequest, page: number, group: boolean) =>
  useSourced<{ rows: DetailsRow[]; pagination: Pagination }>(
    (online) => loadReportDetails(req, page, online, group),
    JSON.stringify([req, page, group]),
  );

/** Which source answered: the server, or this device as of its last sync. */
export function sourceText(source: ReportSource): string {
  if (source.source === 'server') return 'Counted by the server';
  const at = source.syncedAt ? showDateTime(source.syncedAt) : 'never';
  return `Counted on this device from its data as of the last sync (${at})`;
}
