import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, schemeSchema } from '../../sync/contract';
import { childHistory, children, roles, users } from '../../server/db/schema';
import { caseworkerRole } from '../../server/db/seed-data';
import { DEMO_SCHEMES } from '../../server/db/seed-part2-lists';
import { schemeMessages } from '../../server/schemes/records';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type Scheme = { id: number; name: string; status: number; updated_at: string };
type Body = {
  success: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  data?: Scheme;
  pagination?: { total: number };
};

describe.each(databaseKinds)('social protection schemes (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let viewer: string;
  let staff: string;
  beforeAll(async () => {
    h = await createHarness(kind);
    [admin, viewer, staff] = await Promise.all([
      h.login('admin@demo.test'),
      h.login('viewer@demo.test'),
      h.login('staff@demo.test'),
    ]);
  });
  afterAll(() => h?.close());

  const post = async (
    path: string,
    token: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const response = await h.request(`/api${path}`, { method: 'POST', token, json: body, headers });
    return { status: response.status, body: await json<Body>(response) };
  };

  it("adds a scheme (status 1 by default), answers the spec's required message, lists it first", async () => {
    const missing = await post('/sps_add', admin, { name: '  ' });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe(messages.schemeRequired);
    expect(missing.body.errors?.name).toEqual([messages.schemeRequired]);
    const added = await post('/sps_add', admin, { name: 'Kanyashree' });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(schemeMessages.added);
    expect(schemeSchema.parse(added.body.data)).toMatchObject({ name: 'Kanyashree', status: 1 });
    const page = await json<{ data: Scheme[]; pagination: { total: number; per_page: number } }>(
      await h.request('/api/sps?page=1', { token: admin }),
    );
    expect(page.data[0]!.name).toBe('Kanyashree');
    expect(page.pagination.total).toBe(DEMO_SCHEMES.length + 2);
  });

  it('updates name and status under If-Match; an inactive scheme leaves /sps_all', async () => {
    const added = (await post('/sps_add', admin, { name: 'Ujjwala', status: 1 })).body.data!;
    const stale = await post(
      '/sps_update',
      admin,
      { id: added.id, name: 'Ujjwala Yojana', status: 0 },
      { 'If-Match': '"2000-01-01T00:00:00.000Z"' },
    );
    expect(stale.status).toBe(409);
    const badStatus = await post('/sps_update', admin, { id: added.id, name: 'Ujjwala', status: 5 });
    expect(badStatus.status).toBe(422);
    const updated = await post(
      '/sps_update',
      admin,
      { id: added.id, name: 'Ujjwala Yojana', status: 0 },
      { 'If-Match': `"${added.updated_at}"` },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe(schemeMessages.updated);
    expect(updated.body.data).toMatchObject({ name: 'Ujjwala Yojana', status: 0 });
    const all = await json<{ data: Scheme[] }>(await h.request('/api/sps_all', { token: staff }));
    expect(all.data.map((s) => s.name)).toEqual(expect.arrayContaining(DEMO_SCHEMES));
    expect(all.data.map((s) => s.name)).not.toContain('Ujjwala Yojana');
    expect(all.data.map((s) => s.name)).not.toContain('Old Age Pension (closed)');
    expect((await post('/sps_update', admin, { id: 999_999, name: 'Gone', status: 1 })).status).toBe(404);
  });

  it('is for administrators only; /sps_all for every signed-in user', async () => {
    for (const token of [viewer, staff]) {
      expect((await h.request('/api/sps', { token })).status).toBe(403);
      expect((await post('/sps_add', token, { name: 'Not allowed' })).status).toBe(403);
      expect((await post('/sps_update', token, { id: 1, name: 'Not allowed', status: 1 })).status).toBe(403);
      expect((await h.request('/api/sps_all', { token })).status).toBe(200);
    }
  });

  it("deleting a child's SPS entry also needs the sps delete permission", async () => {
    await h.db
      .update(roles)
      .set({ permissions: { ...caseworkerRole.permissions, child_tracking: { all: 1 }, sps: { delete: 0 } } })
      .where(eq(roles.name, 'caseworker'));
    const [me] = await h.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    const [child] = await h.db
      .select({ id: children.id })
      .from(children)
      .where(and(eq(children.centerdetailId, me.centerId), isNull(children.deleted_at)))
      .limit(1);
    const fields = new FormData();
    for (const [k, v] of Object.entries({
      childregId: child.id,
      transfer_date: '2025-04-07',
      centerId: me.centerId,
      social_protection_scheme: 'Foster Care',
      comment: 'Enrolled',
    }))
      fields.append(k, String(v));
    const saved = await h.request('/api/social_protection_scheme', { method: 'POST', token: staff, body: fields });
    expect(saved.status).toBe(200);
    const [entry] = await h.db
      .select()
      .from(childHistory)
      .where(and(eq(childHistory.childregId, child.id), eq(childHistory.history_status, 'social_protection_scheme')))
      .orderBy(desc(childHistory.id))
      .limit(1);
    expect((await h.request(`/api/listing_delete/${entry.id}`, { method: 'DELETE', token: staff })).status).toBe(403);
    await h.db
      .update(roles)
      .set({ permissions: { ...caseworkerRole.permissions, child_tracking: { all: 1 }, sps: { delete: 1 } } })
      .where(eq(roles.name, 'caseworker'));
    expect((await h.request(`/api/listing_delete/${entry.id}`, { method: 'DELETE', token: staff })).status).toBe(200);
  });
});
