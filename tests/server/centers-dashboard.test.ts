import { and, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardCountsSchema } from '../../sync/contract/entities/dashboard';
import { notificationCountSchema } from '../../sync/contract/entities/notification';
import { centers, childHistory, children, notifications, users } from '../../server/db/schema';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type Body<T> = { success: boolean; data: T; message?: string };
const dashboardKeys = [
  'children_supported',
  'shelter_provided',
  'meals_distributed',
  'literacy_programme',
  'school_going',
  'medical_support',
  'reunited_with_family',
  'vocational_training_jobs',
];

describe.each(databaseKinds)('centers, dashboard, notifications (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let staffCenter: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await h.login('admin@demo.test');
    staff = await h.login('staff@demo.test');
    const [row] = await h.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    staffCenter = row.centerId;
  });
  afterAll(() => h?.close());

  const get = async <T>(path: string, token: string) => {
    const response = await h.request(path, { token });
    expect(response.status).toBe(200);
    return json<Body<T>>(response);
  };

  it('centers_list: all centers for centerId 1, only its own for a center-bound user', async () => {
    const all = await get<{ id: number; name: string }[]>('/api/centers_list', admin);
    expect(all.data.length).toBeGreaterThanOrEqual(8);
    // With each center's Unique Center Id, for report details counted on the device.
    expect(all.data[0]).toEqual({ id: 1, name: 'SBT Head Office', unique_centerId: 'SBT-HO-001' });
    const own = await get<{ id: number; name: string }[]>('/api/centers_list', staff);
    expect(own.data).toEqual([
      {
        id: staffCenter,
        name: expect.stringContaining('Contact Point'),
        unique_centerId: expect.stringMatching(/^SBT-.+-\d{3}$/),
      },
    ]);
  });

  it('centers_points: the four center types', async () => {
    const body = await get('/api/centers_points', staff);
    expect(body.data).toEqual([
      { centertypeId: 1, centername: 'Contact Point' },
      { centertypeId: 2, centername: 'Open Shelter' },
      { centertypeId: 3, centername: 'Home' },
      { centertypeId: 4, centername: 'Child Help Line' },
    ]);
  });

  it('the demo has centers of all four types and a few hundred children', async () => {
    const types = await h.db.selectDistinct({ t: centers.centertypeId }).from(centers);
    expect(types.map((t) => t.t).sort()).toEqual([1, 2, 3, 4]);
    const [n] = await h.db.select({ n: sql<number>`count(*)::int` }).from(children);
    expect(n.n).toBeGreaterThanOrEqual(250);
  });

  it('dashboard: exactly the eight numeric keys, computed from the data', async () => {
    const body = await get<Record<string, number>>('/api/dashboard', admin);
    expect(Object.keys(body.data).sort()).toEqual([...dashboardKeys].sort());
    dashboardCountsSchema.parse(body.data);
    const [total] = await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(children)
      .where(isNull(children.deleted_at));
    expect(body.data.children_supported).toBe(total.n);
    const [restored] = await h.db
      .select({ n: countDistinct(childHistory.childregId) })
      .from(childHistory)
      .where(eq(childHistory.history_status, 'restoration'));
    expect(body.data.reunited_with_family).toBe(Number(restored.n));
    for (const key of dashboardKeys) expect(body.data[key], key).toBeGreaterThan(0);
  });

  it("dashboard: a center-bound user sees only its center's numbers", async () => {
    const all = (await get<Record<string, number>>('/api/dashboard', admin)).data;
    const own = (await get<Record<string, number>>('/api/dashboard', staff)).data;
    const [mine] = await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(children)
      .where(and(isNull(children.deleted_at), eq(children.centerdetailId, staffCenter)));
    expect(own.children_supported).toBe(mine.n);
    expect(own.children_supported).toBeLessThan(all.children_supported);
    // A contact point is no shelter and cooks no meals.
    expect(own.shelter_provided).toBe(0);
    expect(own.meals_distributed).toBe(0);
    for (const key of dashboardKeys) expect(own[key], key).toBeLessThanOrEqual(all[key]);
  });

  it('dashboard follows deletions: a deleted child no longer counts', async () => {
    const before = (await get<Record<string, number>>('/api/dashboard', staff)).data;
    const [child] = await h.db.select().from(children).where(eq(children.centerdetailId, staffCenter)).limit(1);
    await h.db.update(children).set({ deleted_at: new Date() }).where(eq(children.id, child.id));
    const after = (await get<Record<string, number>>('/api/dashboard', staff)).data;
    expect(after.children_supported).toBe(before.children_supported - 1);
    await h.db.update(children).set({ deleted_at: null }).where(eq(children.id, child.id));
  });

  it("notify_list_count: the reader's unread count and the age of the newest", async () => {
    const body = await get<{ record_count: number; timeDiff: string }>(`/api/notify_list_count/${staffCenter}`, staff);
    notificationCountSchema.parse(body.data);
    const [reader] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@demo.test'));
    const [unread] = await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          eq(notifications.centerId, staffCenter),
          eq(notifications.recipient_id, reader.id),
          isNull(notifications.read_at),
        ),
      );
    expect(body.data.record_count).toBe(unread.n);
    expect(body.data.record_count).toBeGreaterThan(0);
    expect(body.data.timeDiff).toMatch(/^\d+ (second|minute|hour|day|week|month|year)s? ago$/);

    await h.db.insert(notifications).values({
      centerId: staffCenter,
      recipient_id: reader.id,
      comment: 'just now',
      created_at: new Date(Date.now() - 5 * 60 * 1000),
    });
    const later = await get<{ record_count: number; timeDiff: string }>(`/api/notify_list_count/${staffCenter}`, staff);
    expect(later.data).toEqual({ record_count: unread.n + 1, timeDiff: '5 minutes ago' });
  });

  it('notify_list_count: all centers for centerId 1; none and "" when nothing is unread', async () => {
    const all = await get<{ record_count: number }>('/api/notify_list_count/1', admin);
    const [reader] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
    const [unread] = await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.recipient_id, reader.id), isNull(notifications.read_at)));
    expect(all.data.record_count).toBe(unread.n);
    const quiet = await h.db
      .select({ id: centers.id })
      .from(centers)
      .where(inArray(centers.centertypeId, [4]));
    await h.db.update(notifications).set({ read_at: new Date() }).where(eq(notifications.centerId, quiet[0].id));
    expect((await get(`/api/notify_list_count/${quiet[0].id}`, admin)).data).toEqual({ record_count: 0, timeDiff: '' });
  });

  it("notify_list_count: a center-bound user may not read another center's count", async () => {
    const response = await h.request('/api/notify_list_count/1', { token: staff });
    expect(response.status).toBe(403);
    expect(await json(response)).toMatchObject({ success: false });
  });
});
