import type { Db } from '../../server/db/client';
import { reportDaily } from '../../server/db/schema';
import { countsFromEntries } from '../../server/reports/summary';

type Count = { centerId: number; day: string; category: string; gender: string; n: number };
const byKey = (list: Count[]) =>
  Object.fromEntries(
    list.filter((r) => r.n !== 0).map((r) => [`${r.centerId}|${r.day}|${r.category}|${r.gender}`, r.n]),
  );

/** The kept report counts (report_daily) and the same counted from the entries, each by key. */
export async function keptAndFreshCounts(db: Db) {
  return { kept: byKey(await db.select().from(reportDaily)), fresh: byKey(await countsFromEntries(db)) };
}
