import { REPORT_NO_VALUE, type ReportAnswer, type ReportCell, type ReportPeriod } from '../../../../sync';
import { showDate } from '../../../lib/dates';
import type { TextKey } from '../../../../sync/shell';
import { textOf } from '../../../lib/i18n';
import { labelNow } from './label-now';

/*
 * The report answer as table rows (screen, chart and CSV read the same rows): per
 * category M, F and Total of the current period, the previous one, earlier years, and
 * all three together.
 */

export type Block = Record<ReportPeriod, ReportCell[]>;
export type Column = { period: ReportPeriod | 'all'; gender: 'Male' | 'Female' | null };
export const periodsShown: (ReportPeriod | 'all')[] = ['new', 'pre', 'till', 'all'];
export const columns: Column[] = periodsShown.flatMap((period) => [
  { period, gender: 'Male' as const },
  { period, gender: 'Female' as const },
  { period, gender: null },
]);

/** A period's heading in the words of `say`: the screen's `t`, or `textOf` for the CSV. */
export function periodTitle(
  r: ReportAnswer,
  period: ReportPeriod | 'all',
  say: (key: TextKey, values?: Record<string, string>) => string,
): string {
  if (period === 'new') return say('report.period.new', { from: showDate(r.from_date), to: showDate(r.to_date) });
  if (period === 'pre') return say('report.period.pre', { from: showDate(r.from_last), to: showDate(r.to_last) });
  if (period === 'till') return say('report.period.till', { to: showDate(r.till_to) });
  return say('common.total');
}

export const blockOf = (r: ReportAnswer, key: string) => r[key] as Block;

/** The count of one cell of a category. */
export function countOf(block: Block, column: Column): number {
  const periods: ReportPeriod[] = column.period === 'all' ? ['new', 'pre', 'till'] : [column.period];
  return periods.reduce(
    (sum, p) =>
      sum +
      block[p]
        .filter((c) => column.gender === null || c.gender === column.gender)
        .reduce((s, c) => s + c.countgender, 0),
    0,
  );
}

/**
 * The details request of a count: its period's dates (previous-period counts use
 * from_last/to_last), its gender and the cell's own search conditions, search_1 and
 * search_2, sent as where/value ('novalue' when missing, part 2 section 4).
 */
export function detailsQuery(r: ReportAnswer, category: string | null, column: Column): URLSearchParams | null {
  if (column.period === 'all') return null;
  const range =
    column.period === 'new'
      ? [r.from_date, r.to_date]
      : column.period === 'pre'
        ? [r.from_last, r.to_last]
        : ['', r.till_to];
  const cells = category ? (blockOf(r, category)?.[column.period] ?? []) : [];
  const cell = cells.find((c) => column.gender === null || c.gender === column.gender);
  const q = new URLSearchParams({
    from_date: range[0],
    to_date: range[1],
    gender: column.gender ?? REPORT_NO_VALUE,
    where: cell?.search_1 ?? REPORT_NO_VALUE,
    value: cell?.search_2 ?? REPORT_NO_VALUE,
    where1: REPORT_NO_VALUE,
    value1: REPORT_NO_VALUE,
  });
  if (r.centerId) q.set('centerId', String(r.centerId));
  return q;
}

/**
 * Header, category rows, the totals row, then apart the previous balance, as CSV rows,
 * headed in the language shown (a CSV exported in Hindi is headed in Hindi, its counts as
 * they are), as the group report's CSV is.
 */
export function reportCsvRows(r: ReportAnswer): (string | number)[][] {
  const gender = (col: Column) =>
    col.gender === 'Male'
      ? textOf('report.male')
      : col.gender === 'Female'
        ? textOf('report.female')
        : textOf('common.total');
  const head1 = [textOf('report.category'), ...periodsShown.flatMap((p) => [periodTitle(r, p, textOf), '', ''])];
  const head2 = ['', ...columns.map(gender)];
  const body = r.categories.map((c) => [labelNow(c.title), ...columns.map((col) => countOf(blockOf(r, c.key), col))]);
  const totals = [textOf('common.total'), ...columns.map((_, i) => body.reduce((s, row) => s + Number(row[i + 1]), 0))];
  const balance = [
    `${textOf('report.previousBalance')} (${textOf('report.notInTotal')})`,
    r.previousyeardata.male,
    r.previousyeardata.female,
    r.previousyeardata.countgender,
  ];
  return [head1, head2, ...body, totals, [], balance];
}
