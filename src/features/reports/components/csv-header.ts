import type { ReportSource } from '../../../../sync';
import { showDate, showDateTime } from '../../../lib/dates';

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
  if (source.source === 'server') return 'Counted by the server';
  const last = source.syncedAt ? `last sync ${showDateTime(source.syncedAt)}` : 'not synced yet';
  const why = source.why === 'offline' ? 'offline' : 'the server did not answer';
  return `Counted on this device (${why}), ${last}`;
}

/**
 * The lines at the top of a CSV export (report.csv, group-report.csv), then a blank line
 * before the table: which report, its center and dates, who exported it and when, and
 * who counted it, so a file forwarded or opened a week later still says what it holds.
 */
export function exportHeaderRows(facts: ExportFacts): string[][] {
  return [
    [facts.title],
    ['Center', facts.center || 'All centers'],
    ['From', showDate(facts.from) || '—'],
    ['To', showDate(facts.to) || '—'],
    ['Exported by', facts.by.email ? `${facts.by.name} (${facts.by.email})` : facts.by.name],
    ['Exported at', showDateTime(facts.at)],
    [countedBy(facts.source)],
    [],
  ];
}
