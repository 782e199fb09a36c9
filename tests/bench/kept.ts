/*
 * The bench's measures of the Dexie schema and the kept counts (sync/db/app-db.ts, kept-counts.ts),
 * run in the page beside browser.ts:
 *  - the same rows as the pull's raw bulkPut, into a plain table with two indexes (cid, &id):
 *    what a write costs without the app's other indexes and kept counts;
 *  - the first dashboard and the first report after a fresh page load (nothing in memory),
 *    over the rows the report section stored.
 */
import Dexie from 'dexie';
import { restoreSession } from '../../sync/device/session';
import { dashboardTrends, deviceReport } from '../../sync/queries';

/** bulkPuts `rows` (per table, 1,000 at a time, as the raw bulkPut does) into a plain two-index table. */
export async function plainBulkPut(rows: Record<string, unknown[]>): Promise<number> {
  const db = new Dexie(`bench-plain-${Date.now()}`, { chromeTransactionDurability: 'strict' });
  db.version(1).stores(Object.fromEntries(Object.keys(rows).map((table) => [table, 'cid, &id'])));
  await db.open();
  const started = performance.now();
  for (const [table, list] of Object.entries(rows)) {
    for (let i = 0; i < list.length; i += 1000) await db.table(table).bulkPut(list.slice(i, i + 1000));
  }
  const ms = performance.now() - started;
  db.close();
  await Dexie.delete(db.name);
  return ms;
}

/**
 * After a page load: the signed-in session opened again, then the dashboard's trends and the
 * device's report for one year over all centers, each timed as the first of the session.
 */
export async function firstRead(): Promise<{ dashboard: number; report: number }> {
  await restoreSession();
  let t = performance.now();
  await dashboardTrends(12, new Date('2026-11-23T00:00:00Z'));
  const dashboard = performance.now() - t;
  t = performance.now();
  await deviceReport({ centerId: null, from_date: '2025-04-01', to_date: '2026-03-31' }, '2026-11-23');
  const report = performance.now() - t;
  return { dashboard, report };
}
