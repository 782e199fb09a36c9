import type { AppDb, LocalRow } from '../db/app-db';
import { keptCountRows, type KeptNumberRow, type KeptReportRow } from '../db/kept-counts';
import {
  countGroupRows,
  countReportRows,
  reportCountKey,
  reportPeriodOf,
  reportRowsFrom,
  unsentCwcEntries,
  type ReportCounts,
  type ReportPeriods,
  type ReportRow,
} from '../contract';

/*
 * The device's report counts and the dashboard's trends from the counts kept by every write
 * (db/kept-counts.ts), not from every row: the contract's rule (rules/report.ts) summed over
 * a few thousand small rows. CWC records saved here and not sent yet count as the entries
 * the server will write for them (unsentCwcEntries), read from their own few rows.
 */

/** The report rows of the unsent CWC records, joined to their children. */
export async function unsentCwcReportRows(db: AppDb): Promise<ReportRow[]> {
  const [produce, refer] = await Promise.all([
    db.entity('cwcProduce').where('_sync').equals('pending').toArray(),
    db.entity('cwcRefer').where('_sync').equals('pending').toArray(),
  ]);
  const entries = [...unsentCwcEntries(produce, 'produceToCwc'), ...unsentCwcEntries(refer, 'referFromCwc')];
  if (!entries.length) return [];
  const refs = entries.map((e) => e.childregId);
  const ids = refs.filter((r): r is number => typeof r === 'number');
  const cids = refs.filter((r): r is string => typeof r === 'string');
  const children = db.entity('children');
  const [byId, byCid]: [LocalRow[], (LocalRow | undefined)[]] = await Promise.all([
    ids.length ? children.where('id').anyOf(ids).toArray() : [],
    cids.length ? children.bulkGet(cids) : [],
  ]);
  return reportRowsFrom([...byId, ...byCid.filter((c): c is LocalRow => c !== undefined)], entries);
}

/** Counts by category, period and gender for one center (null: all), as countReportRows gives them. */
export async function keptReportCounts(db: AppDb, p: ReportPeriods, centerId: number | null): Promise<ReportCounts> {
  const [kept, cwc] = await Promise.all([keptCountRows<KeptReportRow>(db, 'r|'), unsentCwcReportRows(db)]);
  const counts = countReportRows(cwc, p, centerId);
  for (const row of kept) {
    if (centerId !== null && row.center !== centerId) continue;
    for (const [day, n] of Object.entries(row.days)) {
      const period = reportPeriodOf(day, p);
      if (!period) continue;
      const key = reportCountKey(row.category, period, row.gender);
      counts.set(key, (counts.get(key) ?? 0) + n);
    }
  }
  return counts;
}

/** Group report counts (current period, by center, category and gender), as countGroupRows gives them. */
export async function keptGroupCounts(
  db: AppDb,
  p: ReportPeriods,
  centerId: number | null,
): Promise<Map<string, number>> {
  const [kept, cwc] = await Promise.all([keptCountRows<KeptReportRow>(db, 'r|'), unsentCwcReportRows(db)]);
  const counts = countGroupRows(
    cwc.filter((r) => centerId === null || r.centerId === centerId),
    p,
  );
  for (const row of kept) {
    if (row.center === null || (centerId !== null && row.center !== centerId)) continue;
    if (row.month < p.from_date.slice(0, 7) || row.month > p.to_date.slice(0, 7)) continue;
    const key = `${row.center}|${row.category}|${row.gender}`;
    for (const [day, n] of Object.entries(row.days))
      if (day >= p.from_date && day <= p.to_date) counts.set(key, (counts.get(key) ?? 0) + n);
  }
  return counts;
}

/** History entries per status and activity month, and children per arrival month (the dashboard's trends). */
export async function keptTrendCounts(
  db: AppDb,
): Promise<{ entries: { status: string; month: string; n: number }[]; arrivals: Map<string, number> }> {
  const [entries, arrivals] = await Promise.all([
    keptCountRows<KeptNumberRow>(db, 't|'),
    keptCountRows<KeptNumberRow>(db, 'a|'),
  ]);
  return {
    entries: entries.map(({ key, n }) => {
      const cut = key.lastIndexOf('|');
      return { status: key.slice(2, cut), month: key.slice(cut + 1), n };
    }),
    arrivals: new Map(arrivals.map(({ key, n }) => [key.slice(2), n])),
  };
}
