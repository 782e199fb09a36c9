import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cwcProduceSchema, cwcReferSchema, messages } from '../../sync/contract';
import { children, roles, users } from '../../server/db/schema';
import { caseworkerRole } from '../../server/db/seed-data';
import { createHarness, databaseKinds, json, type Harness } from './harness';
import { multipart, png } from './uploads';

type Fields = Record<string, string | number | File | undefined>;
type Rec = Record<string, unknown> & { id: number; updated_at: string; documents: unknown[] };
type Body = { success: boolean; message?: string; errors?: Record<string, string[]>; data?: Rec };
type List = { data: Rec[]; pagination: { total: number }; sync?: { deleted: number[] } };

describe.each(databaseKinds)('CWC produce and refer (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let staffCenter: number;
  let ownChild: number;
  let otherChild: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    await h.db
      .update(roles)
      .set({ permissions: { ...caseworkerRole.permissions, cwc: { all: 1 } } })
      .where(eq(roles.name, 'caseworker'));
    [admin, staff] = await Promise.all([h.login('admin@demo.test'), h.login('staff@demo.test')]);
    const [row] = await h.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    staffCenter = row.centerId;
    [{ id: ownChild }] = await h.db
      .select({ id: children.id })
      .from(children)
      .where(and(eq(children.centerdetailId, staffCenter), isNull(children.deleted_at)))
      .limit(1);
    [{ id: otherChild }] = await h.db
      .select({ id: children.id })
      .from(children)
      .where(sql`${children.centerdetailId} <> ${staffCenter}`)
      .limit(1);
  });
  afterAll(() => h?.close());

  const post = (path: string, token: string, fields: Fields, headers: Record<string, string> = {}) =>
    h.request(`/api${path}`, { method: 'POST', token, body: multipart(fields), headers });
  const doc = { 'documents[0][tagId]': 1, 'documents[0][filename]': png() };

  for (const [name, create, update, remove, list, flag, status, schema, extra] of [
    [
      'produce',
      '/produce_to_cwc',
      '/produce_to_cwc/',
      '/produce_to_cwc_delete/',
      '/produce',
      'produce_cwc',
      'produceToCwc',
      cwcProduceSchema,
      {},
    ],
    [
      'refer',
      '/refer_to_cwc',
      '/refer_to_cwc/',
      '/refer_to_cwc_delete/',
      '/refer',
      'refer_cwc',
      'referFromCwc',
      cwcReferSchema,
      { cwccaseno: 'CWC/12' },
    ],
  ] as const) {
    describe(name, () => {
      const valid = { centerId: 0, transfer_date: '2025-03-10', comment: 'Produced before the committee', ...extra };

      it('creates with a document (only its tag needed), sets the child flag and history, lists it', async () => {
        const response = await post(create, staff, { ...valid, centerId: staffCenter, childregId: ownChild, ...doc });
        const body = await json<Body>(response);
        expect(response.status, JSON.stringify(body)).toBe(200);
        schema.parse(body.data);
        expect(body.data!.documents).toHaveLength(1);
        const child = await json<{ data: Record<string, unknown> & { last_status: { history_status: string } } }>(
          await h.request(`/api/child_view/${ownChild}`, { token: admin }),
        );
        expect(child.data[flag]).toBe(1);
        expect(child.data.last_status.history_status).toBe(status);
        const page = await json<List>(await h.request(`/api${list}?page=1`, { token: staff }));
        expect(page.data.map((r) => r.id)).toContain(body.data!.id);
      });

      it("answers 422 with the spec's messages, never 500", async () => {
        const cases: [Fields, string, string][] = [
          [{ centerId: undefined }, 'centerId', 'The Center field is required.'],
          [{ transfer_date: '' }, 'transfer_date', 'The Transfer Date field is required.'],
          [{ transfer_date: '31-31-2025' }, 'transfer_date', messages.invalidDate],
          [{ comment: '' }, 'comment', 'The comment field is required.'],
          [
            { 'documents[0][tagId]': undefined, 'documents[0][filename]': undefined },
            'documents',
            messages.documentsRequired,
          ],
          [{ 'documents[0][tagId]': '' }, 'documents.0.tagId', 'Tag Name is required'],
          ...(name === 'refer'
            ? ([[{ cwccaseno: '' }, 'cwccaseno', 'The CWC Case No. field is required.']] as [Fields, string, string][])
            : []),
        ];
        for (const [override, field, message] of cases) {
          const response = await post(create, admin, { ...valid, centerId: staffCenter, ...doc, ...override });
          expect(response.status, field).toBe(422);
          expect((await json<Body>(response)).errors?.[field]?.[0], field).toBe(message);
        }
      });

      it('a center-bound user cannot produce for another center or another center’s child', async () => {
        expect((await post(create, staff, { ...valid, centerId: staffCenter + 1, ...doc })).status).toBe(403);
        expect(
          (await post(create, staff, { ...valid, centerId: staffCenter, childregId: otherChild, ...doc })).status,
        ).toBe(404);
        const viewer = await h.login('viewer@demo.test');
        expect((await post(create, viewer, { ...valid, centerId: 1, ...doc })).status).toBe(403);
      });

      it('updates under If-Match, filters by date range, deletes with "deleted successfully"', async () => {
        const made = (
          await json<Body>(
            await post(create, admin, { ...valid, centerId: staffCenter, transfer_date: '2024-01-15', ...doc }),
          )
        ).data!;
        expect(
          (await post(`${update}${made.id}`, admin, { comment: 'x' }, { 'If-Match': '"2020-01-01T00:00:00.000Z"' }))
            .status,
        ).toBe(409);
        const saved = await json<Body>(
          await post(
            `${update}${made.id}`,
            admin,
            { comment: 'Next hearing', 'documents[1][tagId]': 2 },
            { 'If-Match': `"${made.updated_at}"` },
          ),
        );
        expect(saved.data).toMatchObject({ comment: 'Next hearing' });
        expect(saved.data!.documents).toHaveLength(2);
        expect((await json<Body>(await post(`${update}${made.id}`, admin, { comment: '' }))).errors?.comment?.[0]).toBe(
          'The comment field is required.',
        );
        const inRange = await json<List>(
          await h.request(`/api${list}?from_date=2024-01-01&to_date=2024-01-31`, { token: admin }),
        );
        expect(inRange.data.map((r) => r.id)).toEqual([made.id]);
        const onlyFrom = await h.request(`/api${list}?from_date=2024-01-01`, { token: admin });
        expect((await json<Body>(onlyFrom)).message).toBe('Select To Date');
        expect((await json<Body>(await h.request(`/api${list}?to_date=2024-01-01`, { token: admin }))).message).toBe(
          'Select From Date',
        );
        expect(
          (await json<Body>(await h.request(`/api${list}?from_date=2024-02-01&to_date=2024-01-01`, { token: admin })))
            .message,
        ).toBe('From Date Should Be Less Than To Date');
        expect(await json(await h.request(`/api${remove}${made.id}`, { method: 'DELETE', token: admin }))).toEqual({
          success: true,
          message: 'deleted successfully',
        });
        const delta = await json<List>(
          await h.request(`/api${list}?updated_since=${encodeURIComponent(made.updated_at)}`, { token: admin }),
        );
        expect(delta.sync?.deleted).toContain(made.id);
        expect((await h.request(`/api${remove}${made.id}`, { method: 'DELETE', token: admin })).status).toBe(404);
      });
    });
  }
});
