import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCategories } from '../../sync/contract';
import { reportDaily, reportStatusCategory } from '../../server/db/schema';
import { countsFromEntries, keepReportRule } from '../../server/reports/summary';
import { createHarness, databaseKinds, type Harness } from './harness';

/*
 * The kept report counts (report_daily) and the status → category rule the database's
 * triggers read: written from the contract at start, the counts rebuilt when the rule the
 * database holds differs (a release that moved a status), left alone when it is the same.
 */

type Count = { centerId: number; day: string; category: string; gender: string; n: number };
const byKey = (list: Count[]) =>
  Object.fromEntries(
    list.filter((r) => r.n !== 0).map((r) => [`${r.centerId}|${r.day}|${r.category}|${r.gender}`, r.n]),
  );

describe.each(databaseKinds)('kept report counts (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  it('the demo data is counted, and the database holds the contract rule', async () => {
    const kept = await h.db.select().from(reportDaily);
    expect(kept.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThan(50);
    expect(byKey(kept)).toEqual(byKey(await countsFromEntries(h.db)));
    const rule = await h.db.select().from(reportStatusCategory);
    expect(rule.length).toBe(reportCategories.reduce((n, c) => n + c.statuses.length, 0));
    expect(await keepReportRule(h.db)).toBe(false);
  });

  it('a rule that differs from the contract is written again and the counts rebuilt', async () => {
    const [moved] = reportCategories[0].statuses;
    // As an older release might have left it: one status in another category, one count off.
    await h.db
      .update(reportStatusCategory)
      .set({ category: 'elsewhere' })
      .where(eq(reportStatusCategory.status, moved));
    const [first] = await h.db.select().from(reportDaily).limit(1);
    await h.db
      .update(reportDaily)
      .set({ n: first.n + 5 })
      .where(eq(reportDaily.day, first.day));

    expect(await keepReportRule(h.db)).toBe(true);
    const [back] = await h.db.select().from(reportStatusCategory).where(eq(reportStatusCategory.status, moved));
    expect(back.category).toBe(reportCategories[0].key);
    expect(byKey(await h.db.select().from(reportDaily))).toEqual(byKey(await countsFromEntries(h.db)));
    expect(await keepReportRule(h.db)).toBe(false);
  });

  it('two starts at once write the rule once (on PostgreSQL, two connections)', async () => {
    const [moved] = reportCategories[1].statuses;
    await h.db
      .update(reportStatusCategory)
      .set({ category: 'elsewhere' })
      .where(eq(reportStatusCategory.status, moved));
    const wrote = await Promise.all([keepReportRule(h.db), keepReportRule(h.db)]);
    expect(wrote.filter(Boolean)).toEqual([true]);
    expect(byKey(await h.db.select().from(reportDaily))).toEqual(byKey(await countsFromEntries(h.db)));
  });
});
