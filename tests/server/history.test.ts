import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEntrySchema, messages } from '../../sync/contract';
import { childHistory, children, roles, users } from '../../server/db/schema';
import { caseworkerRole } from '../../server/db/seed-data';
import { createHarness, databaseKinds, json, type Harness } from './harness';
import { multipart } from './uploads';

type Entry = Record<string, unknown> & { id: number; updated_at: string; childregId: number; centerId: number };
type Body = { success: boolean; message?: string; errors?: Record<string, string[]>; data?: Entry };
type ListBody = {
  data: Entry[];
  pagination: { total: number; per_page: number };
  sync?: { deleted: number[]; next: { updated_since: string; after_id: number } | null };
};

describe.each(databaseKinds)('history: medical (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let staffCenter: number;
  let ownChild: { id: number; updated_at: Date };
  let otherChild: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    // The demo caseworker only reads child tracking; here it may record actions too.
    await h.db
      .update(roles)
      .set({ permissions: { ...caseworkerRole.permissions, child_tracking: { all: 1 } } })
      .where(eq(roles.name, 'caseworker'));
    [admin, staff] = await Promise.all([h.login('admin@demo.test'), h.login('staff@demo.test')]);
    const [row] = await h.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    staffCenter = row.centerId;
    [ownChild] = await h.db
      .select()
      .from(children)
      .where(and(eq(children.centerdetailId, staffCenter), isNull(children.deleted_at)))
      .limit(1);
    const [other] = await h.db
      .select()
      .from(children)
      .where(sql`${children.centerdetailId} <> ${staffCenter}`)
      .limit(1);
    otherChild = other.id;
  });
  afterAll(() => h?.close());

  const medical = { medical_issues: 'Fever', transfer_date: '2025-05-01', comment: 'Seen at the civil hospital.' };
  const post = (
    path: string,
    token: string,
    fields: Record<string, string | number | undefined>,
    headers: Record<string, string> = {},
  ) => h.request(path, { method: 'POST', token, body: multipart(fields), headers });
  const add = async (childregId = ownChild.id, token = admin, fields = {}) => {
    const response = await post('/api/medical_consent', token, { childregId, ...medical, ...fields });
    expect(response.status).toBe(200);
    return (await json<Body>(response)).data!;
  };
  const remove = (id: number, token = admin, headers: Record<string, string> = {}) =>
    h.request(`/api/listing_delete/${id}`, { method: 'DELETE', token, headers });

  it('medical_consent creates a medical_issue entry at the child’s center and refreshes the child', async () => {
    const entry = await add();
    historyEntrySchema.parse(entry);
    expect(entry).toMatchObject({
      childregId: ownChild.id,
      centerId: staffCenter,
      history_status: 'medical_issue',
      medical_issues: 'Fever',
      transfer_date: '2025-05-01',
      comment: medical.comment,
    });
    expect(entry.updated_at).toMatch(/\.\d{3}Z$/);
    const child = await json<{ data: { updated_at: string; last_status: Record<string, unknown> } }>(
      await h.request(`/api/child_view/${ownChild.id}`, { token: admin }),
    );
    expect(child.data.last_status).toMatchObject({ medical: 'Fever', history_status: 'medical_issue' });
    expect(Date.parse(child.data.updated_at)).toBeGreaterThan(ownChild.updated_at.getTime());
    const viewed = await json<Body>(await h.request(`/api/history_view/${entry.id}`, { token: staff }));
    expect(viewed.data).toEqual(entry);
  });

  it("answers 422 with 'The X field is required.' and the date rule, never 500", async () => {
    const cases: [Record<string, string | number | undefined>, string, string][] = [
      [{ childregId: undefined }, 'childregId', 'The Child field is required.'],
      [{ childregId: 'abc' }, 'childregId', 'The Child field is required.'],
      [{ medical_issues: undefined }, 'medical_issues', 'The Medical Issue field is required.'],
      [{ medical_issues: 'Not a listed issue' }, 'medical_issues', 'The Medical Issue field is required.'],
      [{ transfer_date: '' }, 'transfer_date', 'The Transfer Date field is required.'],
      [{ transfer_date: '2025-02-30' }, 'transfer_date', messages.invalidDate],
      [{ comment: ' ' }, 'comment', 'The comment field is required.'],
      [{ comment: 'z'.repeat(5001) }, 'comment', 'The comment field must not be greater than 5000 characters.'],
    ];
    for (const [override, field, message] of cases) {
      const response = await post('/api/medical_consent', admin, { childregId: ownChild.id, ...medical, ...override });
      const body = await json<Body>(response);
      expect(response.status, field).toBe(422);
      expect(body.errors?.[field]?.[0], field).toBe(message);
    }
    expect((await post('/api/medical_consent', admin, { childregId: 999999, ...medical })).status).toBe(404);
  });

  it('update_medical honours If-Match: 409 with the current entry, then 200 with a new updated_at', async () => {
    const entry = await add();
    const conflict = await post(
      '/api/update_medical',
      admin,
      { id: entry.id, comment: 'x' },
      { 'If-Match': '"2020-01-01T00:00:00.000Z"' },
    );
    expect(conflict.status).toBe(409);
    expect(await json(conflict)).toMatchObject({
      success: false,
      message: 'This record was changed by someone else.',
      data: { id: entry.id, updated_at: entry.updated_at },
    });
    const saved = await post(
      '/api/update_medical',
      admin,
      { id: entry.id, medical_issues: 'Malaria' },
      { 'If-Match': `"${entry.updated_at}"` },
    );
    expect(saved.status).toBe(200);
    const data = (await json<Body>(saved)).data!;
    expect(data).toMatchObject({ medical_issues: 'Malaria', comment: medical.comment, childregId: ownChild.id });
    expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.parse(entry.updated_at));
    expect(
      (await json<Body>(await post('/api/update_medical', admin, { id: entry.id, medical_issues: '' }))).message,
    ).toBe('The Medical Issue field is required.');
    expect((await post('/api/update_medical', admin, { medical_issues: 'Fever' })).status).toBe(422);
  });

  it('listing_delete removes only the last entry of a history table, as a tombstone', async () => {
    const [child] = await h.db
      .select()
      .from(children)
      .where(and(eq(children.centerdetailId, staffCenter), sql`${children.id} <> ${ownChild.id}`))
      .limit(1);
    const first = await add(child.id);
    const last = await add(child.id);
    const refused = await remove(first.id);
    expect(refused.status).toBe(422);
    expect((await json<Body>(refused)).message).toBe('Only the last entry of this history can be deleted.');
    expect((await remove(last.id, admin, { 'If-Match': '"2020-01-01T00:00:00.000Z"' })).status).toBe(409);
    const deleted = await remove(last.id, admin, { 'If-Match': `"${last.updated_at}"` });
    expect(await json(deleted)).toEqual({ success: true, message: 'Medical deleted successfully' });
    expect((await h.request(`/api/history_view/${last.id}`, { token: admin })).status).toBe(404);
    expect((await remove(last.id)).status).toBe(404);
    // Now the earlier one is the last.
    expect((await remove(first.id)).status).toBe(200);
    const page = await json<ListBody>(
      await h.request(`/api/history?updated_since=${encodeURIComponent(first.updated_at)}&after_id=0`, {
        token: staff,
      }),
    );
    expect(page.sync?.deleted).toEqual(expect.arrayContaining([first.id, last.id]));
  });

  it('deleting a child tombstones its history in the same transaction', async () => {
    const [child] = await h.db
      .select()
      .from(children)
      .where(and(eq(children.centerdetailId, staffCenter), isNull(children.deleted_at)))
      .limit(1)
      .offset(5);
    const entry = await add(child.id);
    expect((await h.request(`/api/child_delete/${child.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    const [row] = await h.db.select().from(childHistory).where(eq(childHistory.id, entry.id));
    expect(row.deleted_at).toBeInstanceOf(Date);
    const page = await json<ListBody>(
      await h.request(`/api/history?updated_since=${encodeURIComponent(entry.updated_at)}`, { token: admin }),
    );
    expect(page.sync?.deleted).toContain(entry.id);
  });

  it('GET /history: pages, delta pages by keyset, scoped to the child’s center', async () => {
    const paged = await json<ListBody>(await h.request('/api/history?page=1', { token: admin }));
    expect(paged.data).toHaveLength(10);
    expect(paged.sync).toBeUndefined();
    paged.data.forEach((e) => historyEntrySchema.parse(e));
    const seen: number[] = [];
    const totals: number[] = [];
    let query = 'updated_since=1970-01-01T00:00:00.000Z&after_id=0';
    for (let page = 1; ; page++) {
      const body = await json<ListBody>(
        await h.request(`/api/history?${query}&per_page=50&page=${page}`, { token: staff }),
      );
      seen.push(...body.data.map((e) => e.id));
      totals.push(body.pagination.total);
      // Only the first page counts what remains; a later one counts itself, and a page more while there is one.
      if (page > 1) expect(body.pagination.total).toBe(body.data.length + (body.sync?.next ? 50 : 0));
      if (!body.sync?.next) break;
      query = `updated_since=${encodeURIComponent(body.sync.next.updated_since)}&after_id=${body.sync.next.after_id}`;
    }
    const own = await h.db
      .select({ id: childHistory.id })
      .from(childHistory)
      .innerJoin(children, eq(children.id, childHistory.childregId))
      .where(and(eq(children.centerdetailId, staffCenter), isNull(childHistory.deleted_at)));
    expect(seen.length).toBe(own.length);
    expect(new Set(seen)).toEqual(new Set(own.map((r) => r.id)));
    expect(totals.length).toBeGreaterThan(1);
    expect(totals[0]).toBe(own.length);
    const byChild = await json<ListBody>(
      await h.request(`/api/history?childregId=${ownChild.id}&history_status=medical_issue`, { token: admin }),
    );
    expect(byChild.data.every((e) => e.childregId === ownChild.id && e.history_status === 'medical_issue')).toBe(true);
  });

  it('a center-bound user cannot reach another center’s history; the viewer cannot write it', async () => {
    const foreign = await add(otherChild);
    expect((await h.request(`/api/history_view/${foreign.id}`, { token: staff })).status).toBe(404);
    expect((await post('/api/update_medical', staff, { id: foreign.id, comment: 'x' })).status).toBe(404);
    expect((await remove(foreign.id, staff)).status).toBe(404);
    expect((await post('/api/medical_consent', staff, { childregId: otherChild, ...medical })).status).toBe(404);
    const viewer = await h.login('viewer@demo.test');
    expect((await post('/api/medical_consent', viewer, { childregId: ownChild.id, ...medical })).status).toBe(403);
    expect((await remove(foreign.id, viewer)).status).toBe(403);
    expect((await h.request(`/api/history_view/${foreign.id}`, { token: viewer })).status).toBe(200);
  });
});
