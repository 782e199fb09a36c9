import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countGroupRows,
  reportCategories,
  reportPeriods,
  reportRowsFrom,
  type GroupReportAnswer,
} from '../../sync/contract';
import { childHistory, children, users } from '../../server/db/schema';
import { createHarness, databaseKinds, json, type Harness } from './harness';

/*
 * DESIGN, Server: a user whose centerId is not 1 reads only its own center's data, and a
 * child's center is where the child is now (sync/SPEC.md, R20). A child moved to another
 * center (/center_change) leaves the old center's reads, the report details and counts
 * included, and the counts of a center are what a device holding that center's children
 * counts offline.
 */

type Row = Record<string, unknown> & { childregId: number; name: string; aadharno: string | null };
type Page = { data: Row[]; pagination: { total: number; last_page: number } };

describe.each(databaseKinds)('a child moved to another center (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let staffCenter: number;
  let moved: { id: number; name: string; aadharno: string | null };
  let otherCenter: number;

  beforeAll(async () => {
    h = await createHarness(kind);
    [admin, staff] = await Promise.all([h.login('admin@demo.test'), h.login('staff@demo.test')]);
    staffCenter = (await h.db.select().from(users).where(eq(users.email, 'staff@demo.test')))[0]!.centerId;
    // A child of the staff's center with counted entries recorded there.
    const [entry] = await h.db
      .select({ id: children.id, name: children.name, aadharno: children.aadharno })
      .from(childHistory)
      .innerJoin(children, eq(children.id, childHistory.childregId))
      .where(
        and(
          eq(children.centerdetailId, staffCenter),
          eq(childHistory.centerId, staffCenter),
          isNull(children.deleted_at),
          isNull(childHistory.deleted_at),
          inArray(childHistory.history_status, ['medical_issue', 'education', 'mhp']),
          inArray(children.gender, ['Male', 'Female']),
        ),
      )
      .limit(1);
    moved = entry;
    const [other] = await h.db
      .select({ id: children.centerdetailId })
      .from(children)
      .where(and(ne(children.centerdetailId, staffCenter), ne(children.centerdetailId, 1)))
      .limit(1);
    otherCenter = other.id!;
    const change = await h.request('/api/center_change', {
      method: 'POST',
      token: admin,
      json: { childregId: moved.id, centerId: otherCenter, date: '2025-06-01', comment: 'Moved' },
    });
    expect(change.status).toBe(200);
  });
  afterAll(() => h?.close());

  /** Every row of every category's group report details the staff user may ask for. */
  async function staffDetails(): Promise<Row[]> {
    const rows: Row[] = [];
    for (const category of reportCategories) {
      for (let page = 1; ; page++) {
        const response = await h.request(`/api/group_single_report?page=${page}&per_page=1000`, {
          method: 'POST',
          token: staff,
          json: { where: 'category', value: category.key, where1: 'novalue', value1: 'novalue', isTotal: 'no' },
        });
        expect(response.status).toBe(200);
        const body = await json<Page>(response);
        rows.push(...body.data);
        if (page >= body.pagination.last_page) break;
      }
    }
    return rows;
  }

  it('is gone from the old center: no view, no history, no report details naming it', async () => {
    expect((await h.request(`/api/child_view/${moved.id}`, { token: staff })).status).toBe(404);
    const history = await json<{ data: unknown[] }>(
      await h.request(`/api/history?childregId=${moved.id}`, { token: staff }),
    );
    expect(history.data).toEqual([]);
    const rows = await staffDetails();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.childregId === moved.id)).toEqual([]);
    expect(JSON.stringify(rows)).not.toContain(moved.name);
    // The seed's own transferred children too: every row names a child the staff's center holds now.
    const here = await h.db
      .select({ id: children.id })
      .from(children)
      .where(and(eq(children.centerdetailId, staffCenter), isNull(children.deleted_at)));
    const ids = new Set(here.map((c) => c.id));
    expect(rows.filter((r) => !ids.has(r.childregId))).toEqual([]);
  });

  it("leaves the old center's notifications, the one about the move included", async () => {
    const list = await json<{ data: Row[] }>(
      await h.request(`/api/notify_list/${staffCenter}?per_page=1000`, { token: staff }),
    );
    expect(list.data.filter((n) => n.childregId === moved.id)).toEqual([]);
    const count = await json<{ data: { record_count: number } }>(
      await h.request(`/api/notify_list_count/${staffCenter}`, { token: staff }),
    );
    expect(count.data.record_count).toBe(list.data.length);
    // The new center's readers are told (the all-center ones read it as of that center).
    const superadmin = await h.login('superadmin@demo.test');
    const all = await json<{ data: (Row & { centerId: number })[] }>(
      await h.request(`/api/notify_list/${otherCenter}?per_page=1000`, { token: superadmin }),
    );
    expect(all.data.some((n) => n.childregId === moved.id)).toBe(true);
  });

  it("the old center's group report counts what a device holding that center's children counts", async () => {
    const from = '2000-04-01';
    const to = `${new Date().getUTCFullYear() + 1}-03-31`;
    const response = await h.request('/api/group_report2', {
      method: 'POST',
      token: staff,
      json: { from_date: from, to_date: to },
    });
    const server = (await json<{ data: GroupReportAnswer }>(response)).data;
    // What the staff's device pulls: the children of its center and their entries (R18).
    const held = await h.db.select().from(children).where(eq(children.centerdetailId, staffCenter));
    const entries = await h.db
      .select()
      .from(childHistory)
      .where(
        inArray(
          childHistory.childregId,
          held.map((c) => c.id),
        ),
      );
    const counts = countGroupRows(reportRowsFrom(held, entries), reportPeriods(from, to, '2000-01-01'));
    for (const category of reportCategories) {
      const cells = (server[category.key] as { Total: { total: number }[] }).Total;
      const device = ['Male', 'Female'].reduce(
        (sum, gender) => sum + (counts.get(`${staffCenter}|${category.key}|${gender}`) ?? 0),
        0,
      );
      expect(cells.at(-1)!.total, category.key).toBe(device);
    }
  });
});
