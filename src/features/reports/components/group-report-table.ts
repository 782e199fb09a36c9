import type { GroupCell } from '../../../../sync';
import type { GroupReportAnswer } from '../hooks/use-report';

/*
 * The group report answer as table rows (screen and CSV read the same rows): per category
 * Male, Female and a shaded Total, then the previous balance and the grand total.
 */

export type GroupReportRow = { label: string; cells: GroupCell[]; shaded: boolean; clickable: boolean };

/** Category rows (Male, Female and a shaded Total), the previous balance and the grand total. */
export function groupReportRows(r: GroupReportAnswer): GroupReportRow[] {
  const rows: GroupReportRow[] = [];
  for (const c of r.categories) {
    // A spec-shaped answer may give a category one row of cells (its Total) only.
    const block = r[c.key] as Partial<Record<'Male' | 'Female' | 'Total', GroupCell[]>>;
    if (block.Male) rows.push({ label: `${c.title} (M)`, cells: block.Male, shaded: false, clickable: true });
    if (block.Female) rows.push({ label: `${c.title} (F)`, cells: block.Female, shaded: false, clickable: true });
    if (block.Total) rows.push({ label: `${c.title} Total`, cells: block.Total, shaded: true, clickable: true });
  }
  rows.push({ label: 'Previous balance', cells: r.previous_balance, shaded: false, clickable: false });
  rows.push({ label: 'Total', cells: r.totalsum, shaded: true, clickable: false });
  return rows;
}

/** A header of the center names and Total, then every row, as CSV rows (group-report.csv). */
export const groupReportCsvRows = (r: GroupReportAnswer): (string | number)[][] => [
  ['Category', ...r.AllCenterList.map((c) => c.name), 'Total'],
  ...groupReportRows(r).map((row) => [row.label, ...row.cells.map((c) => c.total)]),
];
