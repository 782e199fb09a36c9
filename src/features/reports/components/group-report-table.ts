import type { GroupCell } from '../../../../sync';
import type { GroupReportAnswer } from '../hooks/use-report';
import { textOf } from '../../../lib/i18n';
import { labelNow } from './label-now';

/*
 * The group report answer as table rows (screen and CSV read the same rows): per category
 * Male, Female and a shaded Total, then the grand total and, set apart, the previous
 * balance, which the grand total does not include. Labelled in the language shown; a CSV
 * exported in Hindi is headed in Hindi, its counts as they are.
 */

export type GroupReportRow = {
  /** Which row it is, the same in every language (the row's key). */
  id: string;
  label: string;
  cells: GroupCell[];
  shaded: boolean;
  clickable: boolean;
  /** Set apart from the rows above, with a note saying why (the previous balance). */
  note?: string;
};

/** Category rows (Male, Female and a shaded Total), the grand total, then the previous balance. */
export function groupReportRows(r: GroupReportAnswer): GroupReportRow[] {
  const rows: GroupReportRow[] = [];
  for (const c of r.categories) {
    // A spec-shaped answer may give a category one row of cells (its Total) only.
    const block = r[c.key] as Partial<Record<'Male' | 'Female' | 'Total', GroupCell[]>>;
    const category = labelNow(c.title);
    const row = (id: string, label: string, cells: GroupCell[], shaded: boolean) =>
      rows.push({ id: `${c.key}.${id}`, label, cells, shaded, clickable: true });
    if (block.Male) row('Male', textOf('reports.group.male', { category }), block.Male, false);
    if (block.Female) row('Female', textOf('reports.group.female', { category }), block.Female, false);
    if (block.Total) row('Total', textOf('reports.group.categoryTotal', { category }), block.Total, true);
  }
  rows.push({ id: 'total', label: textOf('common.total'), cells: r.totalsum, shaded: true, clickable: false });
  rows.push({
    id: 'previousBalance',
    label: textOf('report.previousBalance'),
    cells: r.previous_balance,
    shaded: false,
    clickable: false,
    note: textOf('report.notInTotal'),
  });
  return rows;
}

/**
 * A header of the center names and Total, then every row, as CSV rows (group-report.csv);
 * a blank line sets the previous balance apart, its label saying Total leaves it out.
 */
export const groupReportCsvRows = (r: GroupReportAnswer): (string | number)[][] => [
  [textOf('report.category'), ...r.AllCenterList.map((c) => c.name), textOf('common.total')],
  ...groupReportRows(r).flatMap((row) => {
    const cells = row.cells.map((c) => c.total);
    return row.note ? [[], [`${row.label} (${row.note})`, ...cells]] : [[row.label, ...cells]];
  }),
];
