import { eq, sql } from 'drizzle-orm';
import { reportCategories } from '../../sync/contract';
import type { Db } from '../db/client';
import { childHistory, children, reportDaily, reportStatusCategory } from '../db/schema';
import { activityDay, countedEntries, countedCenter, genderCase } from './records';

/*
 * The kept report counts (report_daily, migration 0008). Triggers add and take away an
 * entry's part as entries and children change; the status → category rule they read is the
 * contract's, written here at every start. When it differs from what the database holds
 * (a first start, or a release that moved a status), the counts are rebuilt from the entries.
 */

const ruleRows = () =>
  reportCategories.flatMap((c) => c.statuses.map((status) => ({ status, category: c.key }))).sort(byStatus);

function byStatus(a: { status: string }, b: { status: string }) {
  return a.status < b.status ? -1 : a.status > b.status ? 1 : 0;
}

/** Writes the contract's category rule and rebuilds the counts if it changed; true when it did. */
export async function keepReportRule(db: Db): Promise<boolean> {
  const rule = ruleRows();
  const wanted = JSON.stringify(rule);
  const same = async (reader: Db) =>
    JSON.stringify((await reader.select().from(reportStatusCategory)).sort(byStatus)) === wanted;
  if (await same(db)) return false;
  return db.transaction(async (tx) => {
    // Two servers starting at once on one PostgreSQL database: one writes, the other waits
    // for it and then finds the rule written.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ashray report rule'))`);
    if (await same(tx as unknown as Db)) return false;
    await tx.delete(reportStatusCategory);
    await tx.insert(reportStatusCategory).values(rule);
    await rebuildReportCounts(tx as unknown as Db);
    return true;
  });
}

/** The counts worked out again from every entry: what the triggers keep, from scratch. */
export async function rebuildReportCounts(db: Db): Promise<void> {
  await db.delete(reportDaily);
  await db.insert(reportDaily).select(countsFromEntries(db));
}

/** Counts per center, day, category and gender, straight from the live entries. */
export function countsFromEntries(db: Db) {
  return db
    .select({
      centerId: sql<number>`${countedCenter}`.as('center_id'),
      day: sql<string>`${activityDay}`.as('day'),
      category: reportStatusCategory.category,
      gender: sql<string>`${genderCase}`.as('gender'),
      n: sql<number>`count(*)::int`.as('n'),
    })
    .from(childHistory)
    .innerJoin(children, eq(children.id, childHistory.childregId))
    .innerJoin(reportStatusCategory, eq(reportStatusCategory.status, childHistory.history_status))
    .where(countedEntries(null, sql`${countedCenter} is not null`))
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
}
