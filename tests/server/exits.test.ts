import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childHistoryRowSchema, messages } from '../../sync/contract';
import { childHistory, children, roles, users } from '../../server/db/schema';
import { caseworkerRole } from '../../server/db/seed-data';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type Row = Record<string, unknown> & {
  id: number;
  history_status: string;
  transfer_date: string | null;
  centerId: number;
  center_data: { id: number };
};
type Page = {
  success: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  data: Row[];
  pagination: { total: number; current_page: number; from: number | null; per_page: number };
};

describe.each(databaseKinds)('exit and restoration lists (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let staffCenter: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    await h.db
      .update(roles)
      .set({ permissions: { ...caseworkerRole.permissions, exit_restore: { view: 1 } } })
      .where(eq(roles.name, 'caseworker'));
    [admin, staff] = await Promise.all([h.login('admin@demo.test'), h.login('staff@demo.test')]);
    const [row] = await h.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    staffCenter = row.centerId;
  });
  afterAll(() => h?.close());

  const list = async (status: string, token: string, body: Record<string, unknown> = {}, page = 1) => {
    const response = await h.request(`/api/restore_exit_list/${status}?page=${page}`, {
      method: 'POST',
      token,
      json: body,
    });
    return { status: response.status, body: await json<Page>(response) };
  };

  it('lists the entries of one status, newest date first, with child, center and author, in Laravel pages', async () => {
    const { status, body } = await list('restoration', admin);
    expect(status).toBe(200);
    const [{ total }] = await h.db
      .$count(childHistory, and(eq(childHistory.history_status, 'restoration'), isNull(childHistory.deleted_at)))
      .then((n) => [{ total: n }]);
    expect(body.pagination.total).toBe(total);
    expect(body.data).toHaveLength(Math.min(10, total));
    for (const row of body.data) childHistoryRowSchema.parse(row);
    expect(body.data.every((r) => r.history_status === 'restoration')).toBe(true);
    const dates = body.data.map((r) => r.transfer_date ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await list('restoration', admin, {}, 2);
    expect(second.body.pagination.from).toBe(11);
    expect(second.body.data.map((r) => r.id)).not.toContain(body.data[0]!.id);
  });

  it('every status key of the spec answers (seeded so each list has rows)', async () => {
    for (const key of [
      'by_police',
      'rescue',
      'other_cci',
      'transfer_to_home_state_CWC',
      'dropout',
      'run_away',
      'follow_up',
    ]) {
      const { status, body } = await list(key, admin);
      expect(status, key).toBe(200);
      expect(body.pagination.total, key).toBeGreaterThan(0);
    }
    expect((await list('not_a_status', admin)).status).toBe(404);
  });

  it('filters by center and an inclusive date range', async () => {
    const all = await list('restoration', admin);
    const pick = all.body.data[0]!;
    const day = pick.transfer_date!;
    const { body } = await list('restoration', admin, { centerId: pick.center_data.id, from_date: day, to_date: day });
    expect(body.data.map((r) => r.id)).toContain(pick.id);
    expect(body.data.every((r) => r.transfer_date === day && r.center_data.id === pick.center_data.id)).toBe(true);
  });

  it("answers the spec's date-range messages as 422", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from_date: '2024-01-01' }, messages.selectToDate],
      [{ to_date: '2024-01-01' }, messages.selectFromDate],
      [{ from_date: '2024-02-01', to_date: '2024-01-01' }, messages.fromBeforeTo],
    ];
    for (const [body, message] of cases) {
      const answer = await list('restoration', admin, body);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(message);
    }
  });

  it("keeps a center-bound user to its own center's children, whatever it asks", async () => {
    const own = await list('restoration', staff);
    expect(own.status).toBe(200);
    expect(own.body.pagination.total).toBeGreaterThan(0);
    const ids = own.body.data.map((r) => r.childregId as number);
    const centers = await h.db
      .select({ center: children.centerdetailId })
      .from(children)
      .where(inArray(children.id, ids));
    expect(centers.every((r) => r.center === staffCenter)).toBe(true);
    const [other] = await h.db
      .select({ center: childHistory.centerId })
      .from(childHistory)
      .innerJoin(children, eq(children.id, childHistory.childregId))
      .where(and(eq(childHistory.history_status, 'restoration'), ne(children.centerdetailId, staffCenter)))
      .limit(1);
    const asked = await list('restoration', staff, { centerId: other!.center });
    expect(asked.body.data.every((r) => centers.length === 0 || r.center_data.id === other!.center)).toBe(true);
    const askedIds = asked.body.data.map((r) => r.childregId as number);
    const askedCenters = askedIds.length
      ? await h.db.select({ center: children.centerdetailId }).from(children).where(inArray(children.id, askedIds))
      : [];
    expect(askedCenters.every((r) => r.center === staffCenter)).toBe(true);
  });

  it('refuses a user without exit_restore view', async () => {
    await h.db.update(roles).set({ permissions: caseworkerRole.permissions }).where(eq(roles.name, 'caseworker'));
    expect((await list('restoration', staff)).status).toBe(403);
    await h.db
      .update(roles)
      .set({ permissions: { ...caseworkerRole.permissions, exit_restore: { view: 1 } } })
      .where(eq(roles.name, 'caseworker'));
  });

  it('the short stay register lists children registered as short stay', async () => {
    const response = await h.request('/api/short_stay_register', { method: 'POST', token: admin, json: {} });
    const body = await json<Page>(response);
    expect(response.status).toBe(200);
    const total = await h.db.$count(children, and(eq(children.short_stay_status, 'yes'), isNull(children.deleted_at)));
    expect(total).toBeGreaterThan(0);
    expect(body.pagination.total).toBe(total);
    expect(body.data.every((r) => typeof r.short_stay === 'string')).toBe(true);
    const bad = await h.request('/api/short_stay_register', {
      method: 'POST',
      token: admin,
      json: { from_date: '2024-01-01' },
    });
    expect(bad.status).toBe(422);
  });
});
