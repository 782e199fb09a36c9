import { logAccess, type ReportSource } from '../../../../sync';
import { downloadCsv } from '../../../lib/csv';
import { showDate, showDateTime } from '../../../lib/dates';
import { messageOf, textOf } from '../../../lib/i18n';
import { labelNow } from './label-now';

/** What an export holds and who made it, for the lines above its table. */
export type ExportFacts = {
  title: string;
  /** The center's name; null when the report is of every center. */
  center: string | null;
  from: string | null | undefined;
  to: string | null | undefined;
  by: { name: string; email: string };
  at: number;
  source: ReportSource;
};

/** Who counted: the server, or this device as of its last sync (the screen's own words, part 2 section 2). */
function countedBy(source: ReportSource): string {
  if (source.source === 'server') return textOf('reports.csv.byServer');
  const last = source.syncedAt
    ? textOf('reports.csv.lastSync', { at: showDateTime(source.syncedAt) })
    : textOf('reports.csv.notSynced');
  const why = source.why === 'offline' ? textOf('reports.csv.offline') : textOf('reports.csv.noAnswer');
  return textOf('reports.csv.onDevice', { why, last });
}

const exporter = (facts: ExportFacts) => (facts.by.email ? `${facts.by.name} (${facts.by.email})` : facts.by.name);

/**
 * The lines at the top of a CSV export (report.csv, group-report.csv), then a blank line
 * before the table: which report, its center and dates, who exported it and when, and
 * who counted it, so a file forwarded or opened a week later still says what it holds.
 * The lines' words are in the language shown; the report's title is the caller's.
 */
export function exportHeaderRows(facts: ExportFacts): string[][] {
  return [
    [labelNow(messageOf(facts.title))],
    [textOf('reports.csv.center'), facts.center || textOf('reports.scope.allCenters')],
    [textOf('reports.csv.from'), showDate(facts.from) || '—'],
    [textOf('reports.csv.to'), showDate(facts.to) || '—'],
    [textOf('reports.csv.exportedBy'), exporter(facts)],
    [textOf('reports.csv.exportedAt'), showDateTime(facts.at)],
    [countedBy(facts.source)],
    [],
  ];
}

/** The last line of an export: who made it and when, so a file cut short still says it. */
export const exportFooterRow = (facts: ExportFacts): string[] => [
  textOf('reports.csv.footer', { by: exporter(facts), at: showDateTime(facts.at) }),
];

/**
 * Downloads a report's CSV (`table` between the header lines and the footer line) and
 * records the export in the access log. A report of counts lists no child: its entry names
 * none, and says which report and dates it was.
 */
export function exportReportCsv(fileName: string, facts: ExportFacts, table: (string | number | null)[][]): void {
  downloadCsv(fileName, [...exportHeaderRows(facts), ...table, [], exportFooterRow(facts)]);
  void logAccess({
    action: 'csv_export',
    childIds: [],
    subject: `${facts.title} ${facts.from ?? ''} to ${facts.to ?? ''}`.trim(),
  });
}
