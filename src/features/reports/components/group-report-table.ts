import type { GroupCell } from '../../../../sync';
import type { GroupReportAnswer } from '../hooks/use-report';
import { previousBalanceLabel, previousBalanceNote } from './report-table';

/*
 * The group report answer as table rows (screen and CSV read the same rows): per category
 * Male, Female and a shaded Total, then the grand total and, set apart, the previous
 * balance, which the grand total does not include.
 */

export type GroupReportRow = {
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
    if (block.Male) rows.push({ label: `${c.title} (M)`, cells: block.Male, shaded: false, clickable: true });
    if (block.Female) rows.push({ label: `${c.title} (F)`, cells: block.Female, shaded: false, clickable: true });
    if (block.Total) rows.push({ label: `${c.title} Total`, cells: block.Total, shaded: true, clickable: true });
  }
  rows.push({ label: 'Total', cells: r.totalsum, shaded: true, clickable: false });
  rows.push({
    label: previousBalanceLabel,
    cells: r.previous_balance,
    shaded: false,
    clickable: false,
    note: previousBalanceNote,
  });
  return rows;
}

/**
 * A header of the center names and Total, then every row, as CSV rows (group-report.csv);
 * a blank line sets the previous balance apart, its label saying Total leaves it out.
 */
export const groupReportCsvRows = (r: GroupReportAnswer): (string | number)[][] => [
  ['Category', ...r.AllCenterList.map((c) => c.name), 'Total'],
  ...groupReportRows(r).flatMap((row) => {
    const cells = row.cells.map((c) => c.total);
    return row.note ? [[], [`${row.label} (${row.note})`, ...cells]] : [[row.label, ...cells]];
  }),
];
