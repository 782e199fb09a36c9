import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUpdatedMessage, historyEntrySchema, messages } from '../../sync/contract';
import { activityLogs, childHistory, children, roles, users } from '../../server/db/schema';
import { caseworkerRole } from '../../server/db/seed-data';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type Entry = Record<string, unknown> & { id: number; childregId: number; history_status: string; centerId: number };
type Body = { success: boolean; message?: string; errors?: Record<string, string[]>; data?: Entry[] };

/** A valid body of each type, without `bulk`, and the status its entries get. */
const types: { type: string; fields: Record<string, unknown>; status: string; field?: [string, string] }[] = [
  {
    type: 'education',
    fields: { education_type: 'formal_school' },
    status: 'education',
    field: ['education_type', 'The Education field is required.'],
  },
  {
    type: 'medical',
    fields: { medical_issues: 'Fever' },
    status: 'medical_issue',
    field: ['medical_issues', 'The Medical Issue field is required.'],
  },
  { type: 'mhp', fields: { mhp: 'Play Therapy' }, status: 'mhp', field: ['mhp', 'The MHP field is required.'] },
  {
    type: 'follow-ups',
    fields: { followupmethod: 'byvisit' },
    status: 'follow_up',
    field: ['followupmethod', messages.followUpMethodRequired],
  },
  {
    type: 'sps',
    fields: { social_protection_scheme: 'Foster Care' },
    status: 'social_protection_scheme',
    field: ['social_protection_scheme', messages.spsRequired],
  },
];

describe.each(databaseKinds)('POST /bulk_update (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let viewer: string;
  let staffCenter: number;
  let own: number[];
  let otherChild: number;

  beforeAll(async () => {
    h = await createHarness(kind);
    [admin, staff, viewer] = await Promise.all(
      ['admin@demo.test', 'staff@demo.test', 'viewer@demo.test'].map((e) => h.login(e)),
    );
    const [row] = await h.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    staffCenter = row.centerId;
    own = (
      await h.db
        .select({ id: children.id })
        .from(children)
        .where(and(eq(children.centerdetailId, staffCenter), isNull(children.deleted_at)))
        .orderBy(children.id)
        .limit(8)
    ).map((r) => r.id);
    const [other] = await h.db
      .select()
      .from(children)
      .where(and(sql`${children.centerdetailId} <> ${staffCenter}`, isNull(children.deleted_at)))
      .limit(1);
    otherChild = other.id;
    // Bulk Update writes history entries, so besides edit on child_registration it needs
    // create on child_tracking (server/children/bulk-update.ts); the demo caseworker only views.
    await h.db
      .update(roles)
      .set({
        permissions: {
          ...caseworkerRole.permissions,
          child_tracking: { ...caseworkerRole.permissions.child_tracking, create: 1 },
        },
      })
      .where(eq(roles.name, 'caseworker'));
  });
  afterAll(() => h?.close());

  const send = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    h.request('/api/bulk_update', { method: 'POST', token, json: body, headers });
  const entriesOf = (ids: number[]) =>
    h.db
      .select()
      .from(childHistory)
      .where(and(inArray(childHistory.childregId, ids), isNull(childHistory.deleted_at)));
  const presentStatus = async (id: number) =>
    (
      await json<{ data: { last_status: { history_status: string | null } } }>(
        await h.request(`/api/child_view/${id}`, { token: admin }),
      )
    ).data.last_status.history_status;

  it('a user who may edit children but only view child tracking is refused: nothing is written', async () => {
    await h.db.update(roles).set({ permissions: caseworkerRole.permissions }).where(eq(roles.name, 'caseworker'));
    try {
      const before = (await entriesOf([own[0]!, own[1]!])).length;
      const response = await send(staff, {
        type: 'medical',
        bulk: [own[0]!, own[1]!],
        // A request that is valid in every other way: only the permission refuses it.
        medical_issues: 'Fever',
        date: '2025-06-01',
        comment: 'Camp day',
      });
      expect(response.status).toBe(403);
      expect((await entriesOf([own[0]!, own[1]!])).length).toBe(before);
    } finally {
      await h.db
        .update(roles)
        .set({
          permissions: {
            ...caseworkerRole.permissions,
            child_tracking: { ...caseworkerRole.permissions.child_tracking, create: 1 },
          },
        })
        .where(eq(roles.name, 'caseworker'));
    }
  });

  it.each(types.map((t, i) => [t.type, i] as const))(
    '%s: one history entry per child, Present Status and activity lines, in one answer',
    async (_type, i) => {
      const t = types[i]!;
      const pair = [own[0]!, own[1]!];
      const before = (await entriesOf(pair)).length;
      const response = await send(staff, {
        type: t.type,
        bulk: pair,
        ...t.fields,
        date: '2025-06-01',
        comment: 'Camp day',
      });
      const body = await json<Body>(response);
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(body.message).toBe(bulkUpdatedMessage);
      expect(body.data!.map((e) => e.childregId).sort()).toEqual([...pair].sort());
      for (const entry of body.data!) {
        historyEntrySchema.parse(entry);
        expect(entry).toMatchObject({
          history_status: t.status,
          transfer_date: '2025-06-01',
          comment: 'Camp day',
          ...(t.fields.followupmethod ? {} : t.fields),
        });
      }
      expect((await entriesOf(pair)).length).toBe(before + 2);
      for (const id of pair) expect(await presentStatus(id)).toBe(t.status);
      const logs = await h.db.select().from(activityLogs).where(inArray(activityLogs.childregId, pair));
      expect(logs.length).toBeGreaterThanOrEqual(2);
    },
  );

  it('a center move is pairs of child and center: both children move and get a transfer entry', async () => {
    const [a, b] = [own[2]!, own[3]!];
    const destination = staffCenter === 2 ? 3 : 2;
    const response = await send(admin, {
      type: 'center',
      bulk: [
        { childregId: a, centerId: destination },
        { childregId: b, centerId: destination },
      ],
      date: '2025-06-02',
      comment: 'Moved together',
    });
    const body = await json<Body>(response);
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.data!.map((e) => [e.history_status, e.centerId])).toEqual([
      ['transfer', destination],
      ['transfer', destination],
    ]);
    const moved = await h.db
      .select({ center: children.centerdetailId })
      .from(children)
      .where(inArray(children.id, [a, b]));
    expect(moved.map((m) => m.center)).toEqual([destination, destination]);
  });

  it("answers 422 with the spec's message for each invalid class, never 500, and writes nothing", async () => {
    const pair = [own[4]!, own[5]!];
    const before = (await entriesOf(pair)).length;
    const base = { type: 'education', bulk: pair, education_type: 'formal_school', date: '2025-06-03', comment: 'ok' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: undefined }, 'type', 'The type field is required.'],
      [{ type: 'holiday' }, 'type', 'The type field is required.'],
      [{ bulk: [] }, 'bulk', 'The Child field is required.'],
      [{ bulk: undefined }, 'bulk', 'The Child field is required.'],
      [{ bulk: 'all' }, 'bulk', 'The Child field is required.'],
      [{ bulk: ['x', 2] }, 'bulk.0', 'The Child field is required.'],
      [{ date: '' }, 'date', 'The Date field is required.'],
      [{ date: '2025-02-30' }, 'date', messages.invalidDate],
      [{ date: 20250101 }, 'date', 'The Date field is required.'],
      [{ comment: '  ' }, 'comment', 'The comment field is required.'],
      [{ comment: 'z'.repeat(5001) }, 'comment', 'The comment field must not be greater than 5000 characters.'],
      [
        { bulk: Array.from({ length: 501 }, (_, i) => i + 1) },
        'bulk',
        'The bulk field must not have more than 500 items.',
      ],
      [{ type: 'center', bulk: [{ childregId: pair[0] }] }, 'bulk.0.centerId', 'The Center field is required.'],
      [
        { type: 'center', bulk: [{ childregId: pair[0], centerId: 999_999 }] },
        'bulk',
        'The selected center is invalid.',
      ],
      [
        { type: 'sps', social_protection_scheme: 'y'.repeat(256) },
        'social_protection_scheme',
        'The social protection scheme field must not be greater than 255 characters.',
      ],
      ...types.map((t): [Record<string, unknown>, string, string] => [
        { type: t.type, education_type: undefined },
        t.field![0],
        t.field![1],
      ]),
    ];
    for (const [override, field, message] of cases) {
      const response = await send(admin, { ...base, ...override });
      const body = await json<Body>(response);
      expect(response.status, `${JSON.stringify(override).slice(0, 80)} ${JSON.stringify(body)}`).toBe(422);
      expect(body.errors?.[field]?.[0], field).toBe(message);
    }
    const unreadable = await h.request('/api/bulk_update', {
      method: 'POST',
      token: admin,
      body: '{not json',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(unreadable.status).toBe(422);
    expect((await entriesOf(pair)).length).toBe(before);
  });

  it("a center-bound user naming another center's child is refused whole: nothing is written", async () => {
    const mine = own[6]!;
    const before = await entriesOf([mine, otherChild]);
    const [otherBefore] = await h.db.select().from(children).where(eq(children.id, otherChild));
    const response = await send(staff, {
      type: 'medical',
      bulk: [mine, otherChild],
      medical_issues: 'Fever',
      date: '2025-06-04',
      comment: 'x',
    });
    expect(response.status).toBe(404);
    expect((await json<Body>(response)).message).toBe(messages.notFound);
    expect(await entriesOf([mine, otherChild])).toEqual(before);
    const [otherAfter] = await h.db.select().from(children).where(eq(children.id, otherChild));
    expect(otherAfter.updated_at.getTime()).toBe(otherBefore.updated_at.getTime());
    // A deleted or unknown child refuses the request as well.
    expect(
      (
        await send(admin, {
          type: 'medical',
          bulk: [mine, 999_999],
          medical_issues: 'Fever',
          date: '2025-06-04',
          comment: 'x',
        })
      ).status,
    ).toBe(404);
    expect(await entriesOf([mine])).toEqual(before.filter((e) => e.childregId === mine));
  });

  it('needs edit on child_registration: the viewer is refused', async () => {
    const before = await entriesOf([own[7]!, own[6]!]);
    const response = await send(viewer, {
      type: 'medical',
      bulk: [own[7]!, own[6]!],
      medical_issues: 'Fever',
      date: '2025-06-05',
      comment: 'x',
    });
    expect(response.status).toBe(403);
    expect((await json<Body>(response)).message).toBe(messages.forbidden);
    expect(await entriesOf([own[7]!, own[6]!])).toEqual(before);
  });

  it('an Idempotency-Key replay writes the entries once', async () => {
    const pair = [own[6]!, own[7]!];
    const before = (await entriesOf(pair)).length;
    const body = { type: 'mhp', bulk: pair, mhp: 'Art Therapy', date: '2025-06-06', comment: 'Session' };
    const key = crypto.randomUUID();
    const first = await send(admin, body, { 'Idempotency-Key': key });
    const again = await send(admin, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(await json<Body>(again)).toEqual(await json<Body>(first));
    expect((await entriesOf(pair)).length).toBe(before + 2);
  });
});
