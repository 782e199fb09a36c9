import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildReport,
  countReportRows,
  type GroupReportAnswer,
  messages,
  reportCategoryOf,
  reportDateOf,
  reportGenderOf,
  reportPeriods,
  type ReportAnswer,
  type ReportRow,
} from '../../sync/contract';
import { centers, childHistory, children, meals, previousBalances } from '../../server/db/schema';
import { createHarness, json, type Harness } from './harness';

/*
 * Part 2 section 7: reports, singleReport, groupReport2, groupSingleReport, the meal calls
 * and previous balance, against the demo seed on a real PGlite.
 */

type Envelope<T> = {
  success: boolean;
  data: T;
  message?: string;
  errors?: Record<string, string[]>;
  pagination?: { total: number; from: number | null; per_page: number };
};
type Cell = { gender: string; countgender: number; search_1: string; search_2: string };

describe('part 2 reports, meals and previous balance', () => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let staffCenter: number;

  beforeAll(async () => {
    h = await createHarness('pglite');
    admin = await h.login('admin@demo.test');
    staff = await h.login('staff@demo.test');
    const me = await json<Envelope<{ centerId: number }>>(await h.request('/api/me', { token: staff }));
    staffCenter = me.data.centerId;
  });
  afterAll(() => h?.close());

  const post = <T>(path: string, token: string, body: unknown) =>
    h
      .request(path, { method: 'POST', token, json: body })
      .then(async (r) => ({ status: r.status, body: await json<Envelope<T>>(r) }));

  /** The same report computed in JS over every row of the database (the device's rule). */
  async function expectedReport(from: string, to: string, centerId: number | null): Promise<ReportAnswer> {
    const rows = await h.db
      .select({
        status: childHistory.history_status,
        transfer_date: childHistory.transfer_date,
        history_date: childHistory.history_date,
        childCenter: children.centerdetailId,
        gender: children.gender,
      })
      .from(childHistory)
      .innerJoin(children, eq(children.id, childHistory.childregId))
      .where(and(isNull(childHistory.deleted_at), isNull(children.deleted_at)));
    const input: ReportRow[] = rows.map((r) => ({
      category: reportCategoryOf(r.status),
      day: reportDateOf(r),
      gender: reportGenderOf(r.gender),
      centerId: r.childCenter,
    }));
    const p = reportPeriods(from, to, '2000-01-01');
    const [balance] = await h.db
      .select({ male: sql<number>`coalesce(sum(male), 0)::int`, female: sql<number>`coalesce(sum(female), 0)::int` })
      .from(previousBalances)
      .where(
        and(
          isNull(previousBalances.deleted_at),
          sql`activity_date between ${from}::date and ${to}::date`,
          centerId ? eq(previousBalances.centerId, centerId) : undefined,
        ),
      );
    const [center] = centerId
      ? await h.db.select({ name: centers.name }).from(centers).where(eq(centers.id, centerId))
      : [];
    return buildReport(countReportRows(input, p, centerId), p, {
      centerId,
      center_name: center?.name ?? null,
      balance,
    });
  }

  it('reports: the demo year has numbers, and they are the contract rule over the rows', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    const { status, body } = await post<ReportAnswer>('/api/reports', admin, { from_date: from, to_date: to });
    expect(status).toBe(200);
    const total = body.data.categories.reduce(
      (sum, c) => sum + (body.data[c.key] as { new: Cell[] }).new.reduce((s, cell) => s + cell.countgender, 0),
      0,
    );
    expect(total).toBeGreaterThan(0);
    expect(body.data).toEqual(await expectedReport(from, to, null));
    const oneCenter = await post<ReportAnswer>('/api/reports', admin, {
      centerId: staffCenter,
      from_date: from,
      to_date: to,
    });
    expect(oneCenter.body.data).toEqual(await expectedReport(from, to, staffCenter));
  });

  it('reports: the date-range messages and center scope', async () => {
    const onlyFrom = await post('/api/reports', admin, { from_date: '2025-04-01' });
    expect(onlyFrom.status).toBe(422);
    expect(onlyFrom.body.message).toBe(messages.selectToDate);
    const reversed = await post('/api/reports', admin, { from_date: '2025-04-01', to_date: '2025-03-01' });
    expect(reversed.body.message).toBe(messages.fromBeforeTo);
    const other = await post('/api/reports', staff, { centerId: staffCenter === 2 ? 3 : 2 });
    expect(other.status).toBe(403);
    const own = await post<GroupReportAnswer>('/api/group_report2', staff, {});
    expect(own.body.data.AllCenterList.map((c) => c.id)).toEqual([staffCenter]);
  });

  it('singleReport: the rows behind a count, as many as the count, with their columns', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    const { body } = await post<ReportAnswer>('/api/reports', admin, { from_date: from, to_date: to });
    const key = body.data.categories
      .map((c) => c.key)
      .find((k) => (body.data[k] as { new: Cell[] }).new[0].countgender > 0)!;
    const cell = (body.data[key] as { new: Cell[] }).new[0];
    const details = await h.request('/api/single_report?page=1', {
      method: 'POST',
      token: admin,
      json: {
        from_date: from,
        to_date: to,
        gender: cell.gender,
        where: cell.search_1,
        value: cell.search_2,
        where1: 'novalue',
        value1: 'novalue',
      },
    });
    const page = await json<Envelope<Record<string, unknown>[]>>(details);
    expect(page.pagination?.total).toBe(cell.countgender);
    expect(page.data[0]).toMatchObject({ gender: 'Male', center_data: { name: expect.any(String) } });
    expect(Object.keys(page.data[0])).toEqual(
      expect.arrayContaining([
        'name',
        'uniqueId',
        'history_status',
        'aadharno',
        'cwccaseno',
        'dateofarrival',
        'transfer_date',
        'session_number',
        'created_at',
        'updated_at',
      ]),
    );
    const group = await post<Record<string, unknown>[]>('/api/group_single_report', admin, {
      from_date: from,
      to_date: to,
      where: 'category',
      value: key,
      where1: 'gender',
      value1: cell.gender,
      isTotal: false,
    });
    expect(group.body.pagination?.total).toBe(cell.countgender);
    // type noaction adds a third condition (part 2 section 7): the same count asked by category, then gender.
    const noaction = await post<Record<string, unknown>[]>('/api/group_single_report', admin, {
      from_date: from,
      to_date: to,
      where: 'category',
      value: key,
      where1: 'novalue',
      value1: 'novalue',
      isTotal: 'yes',
      time: 'no',
      type: 'noaction',
      where2: 'gender',
      value2: cell.gender,
    });
    expect(noaction.status).toBe(200);
    expect(noaction.body.pagination?.total).toBe(cell.countgender);
    expect(noaction.body.data.every((r) => r.gender === cell.gender)).toBe(true);
    const unknown = await post('/api/single_report', admin, { where: 'password', value: 'x' });
    expect(unknown.status).toBe(422);
  });

  it("details by the cell's search_1/search_2, and group details by the previous period's years", async () => {
    // No range: the current financial year, its previous one is 1 April pre_start_year - 31 March pre_end_year.
    const { body } = await post<ReportAnswer>('/api/reports', admin, {});
    const pre = (key: string) => (body.data[key] as { pre: Cell[] }).pre;
    const key = body.data.categories.map((c) => c.key).find((k) => pre(k).some((c) => c.countgender > 0))!;
    const cell = pre(key).find((c) => c.countgender > 0)!;
    const single = await post<Record<string, unknown>[]>('/api/single_report', admin, {
      from_date: body.data.from_last,
      to_date: body.data.to_last,
      gender: cell.gender,
      where: cell.search_1,
      value: cell.search_2,
      where1: 'novalue',
      value1: 'novalue',
    });
    expect(single.body.pagination?.total).toBe(cell.countgender);
    const group = await post<Record<string, unknown>[]>('/api/group_single_report', admin, {
      pre_start_year: body.data.pre_start_year,
      pre_end_year: String(body.data.pre_end_year),
      where: 'category',
      value: key,
      where1: 'gender',
      value1: cell.gender,
      isTotal: 'yes',
    });
    expect(group.status).toBe(200);
    expect(group.body.pagination?.total).toBe(cell.countgender);
  });

  it('groupReport2: a column per center and Total, totals that add up, and the previous balance row', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    const { body } = await post<
      Record<string, unknown> & {
        AllCenterList: { id: number }[];
        categories: { key: string }[];
        totalsum: { total: number }[];
        previous_balance: { total: number; male: number; female: number }[];
      }
    >('/api/group_report2', admin, { from_date: from, to_date: to });
    const columns = body.data.AllCenterList.length + 1;
    expect(body.data.totalsum).toHaveLength(columns);
    const grand = body.data.totalsum.at(-1)!.total;
    const sumOfRows = body.data.categories.reduce(
      (s, c) => s + (body.data[c.key] as { Total: { total: number }[] }).Total.at(-1)!.total,
      0,
    );
    expect(grand).toBe(sumOfRows);
    const report = await post<ReportAnswer>('/api/reports', admin, { from_date: from, to_date: to });
    const reportNew = report.body.data.categories.reduce(
      (s, c) => s + (report.body.data[c.key] as { new: Cell[] }).new.reduce((x, cell) => x + cell.countgender, 0),
      0,
    );
    expect(grand).toBe(reportNew);
    const balance = body.data.previous_balance.at(-1)!;
    expect(balance.total).toBe(report.body.data.previousyeardata.countgender);
    expect(balance.total).toBeGreaterThan(0);
  });

  it("meals: add in the spec's message order, list by filter, update, delete", async () => {
    const empty = await post('/api/meal_add', admin, {});
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Center Name is required');
    const noCount = await post('/api/meal_add', admin, {
      center_id: staffCenter,
      meal_date: '2025-05-02',
      meal_type: 2,
    });
    expect(noCount.body.message).toBe('Children Count is required');
    const added = await post<{ id: number; updated_at: string; center_data: { name: string } }>(
      '/api/meal_add',
      admin,
      { center_id: staffCenter, meal_date: '2025-05-02', meal_type: 4, child_count: 31 },
    );
    expect(added.status).toBe(200);
    expect(added.body.data.center_data.name).toBeTruthy();
    const listed = await post<{ id: number }[]>('/api/meals?page=1', admin, {
      center_id: staffCenter,
      meal_type: 4,
      from_date: '2025-05-02',
      to_date: '2025-05-02',
    });
    expect(listed.body.data.map((m) => m.id)).toEqual([added.body.data.id]);
    const updated = await post<{ child_count: number }>('/api/meal_update', admin, {
      id: added.body.data.id,
      center_id: staffCenter,
      meal_date: '2025-05-02',
      meal_type: 4,
      child_count: 33,
    });
    expect(updated.body.data.child_count).toBe(33);
    const removed = await h.request(`/api/meal_delete/${added.body.data.id}`, { method: 'DELETE', token: admin });
    expect((await json<Envelope<null>>(removed)).message).toBe('deleted successfully');
    const [row] = await h.db.select({ deleted: meals.deleted_at }).from(meals).where(eq(meals.id, added.body.data.id));
    expect(row.deleted).not.toBeNull();
    const demoYear = await h.request('/api/meal_list?per_page=1', { token: admin });
    expect((await json<Envelope<unknown[]>>(demoYear)).pagination!.total).toBeGreaterThan(1000);
    const centersOfStaff = await json<Envelope<{ id: number }[]>>(
      await h.request('/api/meal_centers', { token: staff }),
    );
    expect(centersOfStaff.data.map((c) => c.id)).toEqual([staffCenter]);
  });

  it('previous balance: required fields, total computed, filter, update', async () => {
    const empty = await post('/api/previous_balance_add', admin, {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors ?? {})).toEqual(
      expect.arrayContaining(['centerId', 'activity_date', 'comment']),
    );
    const added = await post<{ id: number; total_balance: number; user_data: { name: string } }>(
      '/api/previous_balance_add',
      admin,
      { centerId: staffCenter, activity_date: '2020-06-01', comment: 'Opening', male: 4, female: '3' },
    );
    expect(added.body.data.total_balance).toBe(7);
    expect(added.body.data.user_data.name).toBeTruthy();
    const found = await post<{ id: number }[]>('/api/previous_balance', admin, {
      centerId: staffCenter,
      activity_date: '2020-06-01',
    });
    expect(found.body.data.map((b) => b.id)).toEqual([added.body.data.id]);
    const updated = await post<{ total_balance: number }>('/api/previous_balance_update', admin, {
      id: added.body.data.id,
      centerId: staffCenter,
      activity_date: '2020-06-01',
      comment: 'Opening',
      male: 10,
      female: 0,
    });
    expect(updated.body.data.total_balance).toBe(10);
    const report = await post<ReportAnswer>('/api/reports', admin, {
      centerId: staffCenter,
      from_date: '2020-04-01',
      to_date: '2021-03-31',
    });
    expect(report.body.data.previousyeardata).toEqual({ male: 10, female: 0, countgender: 10 });
  });
});
