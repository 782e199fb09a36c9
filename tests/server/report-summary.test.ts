import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCategories } from '../../sync/contract';
import { reportDaily, reportStatusCategory } from '../../server/db/schema';
import { keepReportRule } from '../../server/reports/summary';
import { createHarness, databaseKinds, type Harness } from './harness';
import { keptAndFreshCounts } from './report-counts';

/*
 * The kept report counts (report_daily) and the status → category rule the database's
 * triggers read: written from the contract at start, the counts rebuilt when the rule the
 * database holds differs (a release that moved a status), left alone when it is the same.
 */

describe.each(databaseKinds)('kept report counts (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h?.close());

  /** As an older release might have left it: `status` counted in another category. */
  const moveStatus = (status: string) =>
    h.db.update(reportStatusCategory).set({ category: 'elsewhere' }).where(eq(reportStatusCategory.status, status));

  it('the demo data is counted, and the database holds the contract rule', async () => {
    const { kept, fresh } = await keptAndFreshCounts(h.db);
    expect(Object.values(kept).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(50);
    expect(kept).toEqual(fresh);
    const rule = await h.db.select().from(reportStatusCategory);
    expect(rule.length).toBe(reportCategories.reduce((n, c) => n + c.statuses.length, 0));
    expect(await keepReportRule(h.db)).toBe(false);
  });

  it('a rule that differs from the contract is written again and the counts rebuilt', async () => {
    const [moved] = reportCategories[0].statuses;
    // One status in another category, and one count off.
    await moveStatus(moved);
    const [first] = await h.db.select().from(reportDaily).limit(1);
    await h.db
      .update(reportDaily)
      .set({ n: first.n + 5 })
      .where(eq(reportDaily.day, first.day));

    expect(await keepReportRule(h.db)).toBe(true);
    const [back] = await h.db.select().from(reportStatusCategory).where(eq(reportStatusCategory.status, moved));
    expect(back.category).toBe(reportCategories[0].key);
    const { kept, fresh } = await keptAndFreshCounts(h.db);
    expect(kept).toEqual(fresh);
    expect(await keepReportRule(h.db)).toBe(false);
  });

  it('two starts at once write the rule once (on PostgreSQL, two connections)', async () => {
    const [moved] = reportCategories[1].statuses;
    await moveStatus(moved);
    const wrote = await Promise.all([keepReportRule(h.db), keepReportRule(h.db)]);
    expect(wrote.filter(Boolean)).toEqual([true]);
    const { kept, fresh } = await keptAndFreshCounts(h.db);
    expect(kept).toEqual(fresh);
  });
});
