import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSchema } from '../../sync/contract';
import { children, notifications, roles, users } from '../../server/db/schema';
import { caseworkerRole } from '../../server/db/seed-data';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type Row = { id: number; childregId: number; comment: string; updated_at: string; child_data: { name: string } };
type Page = { data: Row[]; pagination: { total: number }; sync?: { deleted: number[]; next: unknown } };

describe.each(databaseKinds)('notifications (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let staffCenter: number;
  let staffId: number;
  let adminId: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    await h.db
      .update(roles)
      .set({ permissions: { ...caseworkerRole.permissions, child_tracking: { all: 1 } } })
      .where(eq(roles.name, 'caseworker'));
    [admin, staff] = await Promise.all([h.login('admin@demo.test'), h.login('staff@demo.test')]);
    const rows = await h.db.select().from(users);
    const me = rows.find((u) => u.email === 'staff@demo.test')!;
    staffCenter = me.centerId;
    staffId = me.id;
    adminId = rows.find((u) => u.email === 'admin@demo.test')!.id;
  });
  afterAll(() => h?.close());

  const list = async (token: string, centerId: number, query = '') =>
    json<Page>(await h.request(`/api/notify_list/${centerId}${query}`, { token }));
  const count = async (token: string, centerId: number) =>
    (await json<{ data: { record_count: number } }>(await h.request(`/api/notify_list_count/${centerId}`, { token })))
      .data.record_count;

  it("an action recorded by one user notifies the center's other readers and the all-center users, never the author", async () => {
    const [child] = await h.db
      .select({ id: children.id, name: children.name })
      .from(children)
      .where(and(eq(children.centerdetailId, staffCenter), isNull(children.deleted_at)))
      .limit(1);
    const before = await count(admin, 1);
    const staffBefore = (await list(staff, staffCenter, '?per_page=1000')).data.length;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      childregId: child.id,
      transfer_date: '2025-05-01',
      centerId: staffCenter,
      medical_issues: 'Fever',
      comment: 'Camp',
    }))
      form.append(k, String(v));
    const saved = await h.request('/api/medical_consent', { method: 'POST', token: staff, body: form });
    expect(saved.status).toBe(200);
    expect(await count(admin, 1)).toBe(before + 1);
    expect((await list(staff, staffCenter, '?per_page=1000')).data.length).toBe(staffBefore);
    const page = await list(admin, 1);
    const newest = page.data[0]!;
    notificationSchema.parse(newest);
    expect(newest).toMatchObject({ childregId: child.id, child_data: { name: child.name } });
    const rows = await h.db.select().from(notifications).where(eq(notifications.id, newest.id));
    expect(rows[0]).toMatchObject({ recipient_id: adminId, user_id: staffId });
  });

  it("marking read removes it from the reader's list and count only; the delta pull lists it as deleted; again is harmless", async () => {
    const page = await list(admin, 1, '?per_page=1000');
    const target = page.data[0]!;
    const since = new Date(Date.now() - 1000).toISOString();
    const before = await count(admin, 1);
    const marked = await h.request(`/api/notify_update/${target.id}`, { method: 'POST', token: admin });
    expect(marked.status).toBe(200);
    expect(await count(admin, 1)).toBe(before - 1);
    expect((await list(admin, 1, '?per_page=1000')).data.map((r) => r.id)).not.toContain(target.id);
    const delta = await list(admin, 1, `?updated_since=${encodeURIComponent(since)}`);
    expect(delta.sync?.deleted).toContain(target.id);
    expect((await h.request(`/api/notify_update/${target.id}`, { method: 'POST', token: admin })).status).toBe(200);
    // Another reader's notification is not this user's to mark.
    const [other] = await h.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.recipient_id, staffId), isNull(notifications.read_at)))
      .limit(1);
    if (other)
      expect((await h.request(`/api/notify_update/${other.id}`, { method: 'POST', token: admin })).status).toBe(404);
  });

  it("a center-bound reader may not ask for another center's notifications", async () => {
    expect((await h.request('/api/notify_list/1', { token: staff })).status).toBe(403);
    expect((await h.request(`/api/notify_list/${staffCenter}`, { token: staff })).status).toBe(200);
  });
});
