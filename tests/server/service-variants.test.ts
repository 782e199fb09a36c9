import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, historyEntrySchema, type EndpointName } from '../../sync/contract';
import { children, roles, users } from '../../server/db/schema';
import { caseworkerRole } from '../../server/db/seed-data';
import { createHarness, databaseKinds, json, type Harness } from './harness';
import { multipart } from './uploads';

/*
 * The education, medical and MHP variants of spec part 1 section 7 (/add_*, /save_*,
 * /update_*, /*_lists/{id}, /*_delete/{id}) on our server, each at its endpoint row's
 * method and path: add and save create an entry of the kind, update changes only an entry
 * of the kind, delete removes the kind's last entry; child_tracking create, edit and delete
 * decide who may, and a center-bound user reaches only its own center's children.
 */

type Fields = Record<string, string | number | undefined>;
type Entry = { id: number; updated_at: string; childregId: number; history_status: string } & Record<string, unknown>;
type Body = { success: boolean; message?: string; errors?: Record<string, string[]>; data?: Entry };

const kinds = [
  {
    kind: 'education',
    status: 'education',
    rows: ['addEducation', 'saveEducation', 'updateEducation', 'educationLists', 'educationDelete'],
    valid: { transfer_date: '2025-06-01', education_type: 'formal_school', education_level: 'V', comment: 'Admitted' },
    change: { education_level: 'VI' },
    invalid: [{ education_type: 'x' }, 'education_type', 'The Education field is required.'],
  },
  {
    kind: 'medical',
    status: 'medical_issue',
    rows: ['addMedical', 'saveMedical', 'updateMedical', 'medicalLists', 'medicalDelete'],
    valid: { transfer_date: '2025-06-02', medical_issues: 'Fever', comment: 'Clinic' },
    change: { comment: 'Clinic again' },
    invalid: [{ medical_issues: 'Unknown' }, 'medical_issues', 'The Medical Issue field is required.'],
  },
  {
    kind: 'mhp',
    status: 'mhp',
    rows: ['addMhp', 'saveMhp', 'updateMhp', 'mhpLists', 'mhpDelete'],
    valid: { transfer_date: '2025-06-03', mhp: 'Group Counselling', session_number: 'session_1', comment: 'Session' },
    change: { session_number: 'session_2' },
    invalid: [{ mhp: '' }, 'mhp', 'The MHP field is required.'],
  },
] as const;

describe.each(databaseKinds)('education, medical and MHP variants (%s)', (database) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let viewer: string;
  let own: number[];
  let other: number;
  beforeAll(async () => {
    h = await createHarness(database);
    [admin, staff, viewer] = await Promise.all([
      h.login('admin@demo.test'),
      h.login('staff@demo.test'),
      h.login('viewer@demo.test'),
    ]);
    const [staffRow] = await h.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    own = (
      await h.db
        .select({ id: children.id })
        .from(children)
        .where(and(eq(children.centerdetailId, staffRow!.centerId), isNull(children.deleted_at)))
        .limit(6)
    ).map((r) => r.id);
    const [away] = await h.db
      .select({ id: children.id })
      .from(children)
      .where(and(sql`${children.centerdetailId} <> ${staffRow!.centerId}`, isNull(children.deleted_at)))
      .limit(1);
    other = away!.id;
  });
  afterAll(() => h?.close());

  /** A request to a row, its path parameters filled in. */
  const call = (name: EndpointName, token: string, fields: Fields = {}, params: Record<string, number> = {}) => {
    const row = endpoints[name];
    const path = row.path.replace(/:([A-Za-z]+)/g, (_, key: string) => String(params[key]));
    const body = row.payload === 'none' ? undefined : multipart(fields);
    return h.request(`/api${path}`, { method: row.method, token, body });
  };
  const setStaffTracking = (tracking: Record<string, number>) =>
    h.db
      .update(roles)
      .set({ permissions: { ...caseworkerRole.permissions, child_tracking: tracking } })
      .where(eq(roles.name, 'caseworker'));

  it.each(kinds.map((k, i) => [k.kind, i] as const))(
    '%s: add and save create the kind’s entry; update changes it; lists and delete are the kind’s',
    async (_, i) => {
      const k = kinds[i]!;
      const [add, save, update, lists, remove] = k.rows;
      const childId = own[i]!;
      const added = await call(add, admin, { childregId: childId, ...k.valid });
      const first = (await json<Body>(added)).data!;
      expect(added.status).toBe(200);
      historyEntrySchema.parse(first);
      expect(first).toMatchObject({ childregId: childId, history_status: k.status });
      const saved = await call(save, admin, { childregId: childId, ...k.valid, transfer_date: '2025-06-10' });
      const second = (await json<Body>(saved)).data!;
      expect(saved.status).toBe(200);
      expect(second).toMatchObject({ childregId: childId, history_status: k.status });

      const changed = await call(update, admin, { id: second.id, ...k.change });
      const body = await json<Body>(changed);
      expect(changed.status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({ id: second.id, ...k.change });
      expect(body.data!.updated_at > second.updated_at).toBe(true);
      const [field, problem] = [k.invalid[1], k.invalid[2]];
      const refused = await call(update, admin, { id: second.id, ...k.invalid[0] });
      expect(refused.status).toBe(422);
      expect((await json<Body>(refused)).errors?.[field]?.[0]).toBe(problem);

      const listed = await json<{ data: Entry[] }>(await call(lists, admin, {}, { childId }));
      expect(listed.data.map((e) => e.id)).toEqual(expect.arrayContaining([first.id, second.id]));
      expect(new Set(listed.data.map((e) => e.history_status))).toEqual(new Set([k.status]));
      // Only the last entry of a table may be deleted (spec part 1 section 4).
      expect((await call(remove, admin, {}, { id: first.id })).status).toBe(422);
      const deleted = await call(remove, admin, {}, { id: second.id });
      expect(deleted.status).toBe(200);
      expect((await json<Body>(deleted)).success).toBe(true);
      const left = (await json<{ data: Entry[] }>(await call(lists, admin, {}, { childId }))).data.map((e) => e.id);
      expect(left).toContain(first.id);
      expect(left).not.toContain(second.id);
    },
  );

  it('an update or delete of another kind’s entry is not found; a stale If-Match is a conflict', async () => {
    const childId = own[3]!;
    const education = (await json<Body>(await call('addEducation', admin, { childregId: childId, ...kinds[0].valid })))
      .data!;
    expect((await call('updateMhp', admin, { id: education.id, session_number: 'session_3' })).status).toBe(404);
    expect((await call('updateMedical', admin, { id: education.id, comment: 'x' })).status).toBe(404);
    expect((await call('mhpDelete', admin, {}, { id: education.id })).status).toBe(404);
    expect((await call('medicalDelete', admin, {}, { id: education.id })).status).toBe(404);
    const stale = await h.request(`/api/update_education`, {
      method: 'POST',
      token: admin,
      body: multipart({ id: education.id, comment: 'Changed' }),
      headers: { 'If-Match': '"2000-01-01T00:00:00.000Z"' },
    });
    expect(stale.status).toBe(409);
    const current = await h.request(`/api/update_education`, {
      method: 'POST',
      token: admin,
      body: multipart({ id: education.id, comment: 'Changed' }),
      headers: { 'If-Match': `"${education.updated_at}"` },
    });
    expect(current.status).toBe(200);
  });

  it('child_tracking create, edit and delete decide who may; a center-bound user reaches only its center', async () => {
    const childId = own[4]!;
    const entries = [];
    for (const k of kinds)
      entries.push((await json<Body>(await call(k.rows[0], admin, { childregId: childId, ...k.valid }))).data!);
    // The caseworker's seeded role reads child_tracking only; the viewer writes nothing.
    for (const token of [staff, viewer])
      for (const [i, k] of kinds.entries()) {
        const [add, save, update, , remove] = k.rows;
        expect((await call(add, token, { childregId: childId, ...k.valid })).status, add).toBe(403);
        expect((await call(save, token, { childregId: childId, ...k.valid })).status, save).toBe(403);
        expect((await call(update, token, { id: entries[i]!.id, ...k.change })).status, update).toBe(403);
        expect((await call(remove, token, {}, { id: entries[i]!.id })).status, remove).toBe(403);
      }
    await setStaffTracking({ view: 1, create: 1 });
    for (const [i, k] of kinds.entries()) {
      expect((await call(k.rows[1], staff, { childregId: childId, ...k.valid })).status).toBe(200);
      expect((await call(k.rows[2], staff, { id: entries[i]!.id, ...k.change })).status).toBe(403);
    }
    await setStaffTracking({ all: 1 });
    try {
      for (const k of kinds) {
        expect((await call(k.rows[0], staff, { childregId: other, ...k.valid })).status, k.rows[0]).toBe(404);
        const theirs = (await json<Body>(await call(k.rows[0], admin, { childregId: other, ...k.valid }))).data!;
        expect((await call(k.rows[2], staff, { id: theirs.id, ...k.change })).status, k.rows[2]).toBe(404);
        expect((await call(k.rows[4], staff, {}, { id: theirs.id })).status, k.rows[4]).toBe(404);
        const listed = await call(k.rows[3], staff, {}, { childId: other });
        expect((await json<{ data: Entry[] }>(listed)).data, k.rows[3]).toEqual([]);
      }
    } finally {
      await setStaffTracking(caseworkerRole.permissions.child_tracking);
    }
  });
});
