import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaries, childHistory, roles, users } from '../../server/db/schema';
import { caseworkerRole } from '../../server/db/seed-data';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type Row = Record<string, unknown> & {
  id: number;
  childregId?: number;
  centerId: number;
  history_status?: string;
  service?: string;
  updated_at: string;
};
type Page = { success: boolean; message?: string; data: Row[]; pagination: { total: number } };

describe.each(databaseKinds)('education, medical and MHP beneficiaries (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let staffCenter: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    await h.db
      .update(roles)
      .set({ permissions: { ...caseworkerRole.permissions, child_tracking: { all: 1 } } })
      .where(eq(roles.name, 'caseworker'));
    [admin, staff] = await Promise.all([h.login('admin@demo.test'), h.login('staff@demo.test')]);
    staffCenter = (await h.db.select().from(users).where(eq(users.email, 'staff@demo.test')))[0]!.centerId;
  });
  afterAll(() => h?.close());

  const post = async (
    path: string,
    token: string,
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => {
    const response = await h.request(`/api${path}`, { method: 'POST', token, json: body, headers });
    return { status: response.status, body: await json<Page & { data: Row & Row[] }>(response) };
  };

  it('regusers_medical lists each treated child once, with its latest medical entry', async () => {
    const { status, body } = await post('/regusers_medical?page=1', admin, {});
    expect(status).toBe(200);
    const children = await h.db
      .selectDistinct({ id: childHistory.childregId })
      .from(childHistory)
      .where(and(eq(childHistory.history_status, 'medical_issue'), isNull(childHistory.deleted_at)));
    expect(body.pagination.total).toBe(children.length);
    expect(body.data.every((r) => r.history_status === 'medical_issue')).toBe(true);
    expect(new Set(body.data.map((r) => r.childregId)).size).toBe(body.data.length);
    expect((await post('/regusers_education', admin, { from_date: '2024-01-01' })).status).toBe(422);
  });

  it('non-registered beneficiaries: add, list by service, update under If-Match, delete; a center-bound user stays in its center', async () => {
    const missing = await post('/beneficiary_add', staff, {
      service: 'medical',
      service_date: '2025-02-01',
      centerId: staffCenter,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('The Name field is required.');
    const added = await post('/beneficiary_add', staff, {
      name: 'Camp Visitor',
      gender: 'Female',
      age: '11',
      service: 'medical',
      service_date: '2025-02-01',
      centerId: staffCenter,
      comment: 'Medical camp',
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Beneficiary added successfully');
    const id = added.body.data.id;
    const listed = await post('/non_regusers_medical', staff, { from_date: '2025-02-01', to_date: '2025-02-01' });
    expect(listed.body.data.map((r) => r.id)).toContain(id);
    expect(listed.body.data.every((r) => r.service === 'medical' && r.centerId === staffCenter)).toBe(true);
    expect((await post('/non_regusers_education', staff, {})).body.data.map((r) => r.id)).not.toContain(id);
    const otherCenter = await post('/beneficiary_add', staff, {
      name: 'Elsewhere',
      service: 'mhp',
      service_date: '2025-02-01',
      centerId: staffCenter + 1,
    });
    expect(otherCenter.status).toBe(403);
    const stale = await post(
      '/beneficiary_update',
      staff,
      { id, name: 'Renamed', service: 'medical', service_date: '2025-02-01', centerId: staffCenter },
      { 'If-Match': '"2000-01-01T00:00:00.000Z"' },
    );
    expect(stale.status).toBe(409);
    const updated = await post(
      '/beneficiary_update',
      staff,
      { id, name: 'Renamed', service: 'medical', service_date: '2025-02-02', centerId: staffCenter },
      { 'If-Match': `"${added.body.data.updated_at}"` },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Renamed', service_date: '2025-02-02' });
    const removed = await h.request(`/api/beneficiary_delete/${id}`, { method: 'DELETE', token: staff });
    expect(removed.status).toBe(200);
    const [row] = await h.db.select().from(beneficiaries).where(eq(beneficiaries.id, id));
    expect(row.deleted_at).not.toBeNull();
    const pulled = await json<{ data: Row[]; sync: { deleted: number[] } }>(
      await h.request('/api/beneficiaries?updated_since=2000-01-01T00:00:00.000Z', { token: staff }),
    );
    expect(pulled.sync.deleted).toContain(id);
    expect(pulled.data.every((r) => r.centerId === staffCenter)).toBe(true);
  });
});
