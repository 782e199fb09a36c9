import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, permissionModules } from '../../sync/contract';
import { beneficiaryDocuments, roles, users } from '../../server/db/schema';
import { caseworkerRole } from '../../server/db/seed-data';
import { hashPassword } from '../../server/auth/password';
import { createHarness, databaseKinds, DEMO_PASSWORD, json, type Harness } from './harness';
import { multipart, PNG_BYTES, png } from './uploads';

/*
 * A non-registered beneficiary's documents (our calls, see the endpoint table): one
 * document per POST /beneficiary_document_add, its file checked by its bytes and size as
 * a child's document is (spec part 1, section 5), reached only at the beneficiary's
 * center, removed by DELETE /beneficiary_document_delete/{id} or with the beneficiary.
 */

/** A role stored by /role_permission with only Meal Management ticked (every other module 0). */
const mealOnlyPermissions = Object.fromEntries(
  Object.entries(permissionModules).map(([module, actions]) => [
    module,
    Object.fromEntries(actions.map((a) => [a, module === 'meal_type' ? 1 : 0])),
  ]),
);

type Fields = Record<string, string | number | File | undefined>;
type Doc = {
  id: number;
  beneficiaryId: number;
  tagId: number;
  doc_date: string;
  filename: string;
  comment: string | null;
  updated_at: string;
  file_path: string;
  tag_data: { id: number; name: string } | null;
};
type Body<T = unknown> = { success: boolean; message?: string; errors?: Record<string, string[]>; data?: T };

const oversizedPng = () => {
  const bytes = new Uint8Array(5 * 1024 * 1024 + 1);
  bytes.set(PNG_BYTES);
  return new File([bytes], 'big.png', { type: 'image/png' });
};
const textAsPng = () => new File(['just text, not an image'], 'scan.png', { type: 'image/png' });

describe.each(databaseKinds)("a non-registered beneficiary's documents (%s)", (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let viewer: string;
  let staffCenter: number;
  let tagId: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    await h.db
      .update(roles)
      .set({ permissions: { ...caseworkerRole.permissions, child_tracking: { all: 1 } } })
      .where(eq(roles.name, 'caseworker'));
    [admin, staff, viewer] = await Promise.all(
      ['admin@demo.test', 'staff@demo.test', 'viewer@demo.test'].map((e) => h.login(e)),
    );
    staffCenter = (await h.db.select().from(users).where(eq(users.email, 'staff@demo.test')))[0]!.centerId;
    const tag = await json<Body<{ id: number }>>(
      await h.request('/api/tag_add', { method: 'POST', token: admin, json: { name: 'Camp Prescription' } }),
    );
    tagId = tag.data!.id;
  });
  afterAll(() => h?.close());

  const addBeneficiary = async (token: string, centerId: number) => {
    const response = await h.request('/api/beneficiary_add', {
      method: 'POST',
      token,
      json: { name: 'Camp Visitor', service: 'medical', service_date: '2025-02-01', centerId },
    });
    expect(response.status).toBe(200);
    return (await json<Body<{ id: number; updated_at: string }>>(response)).data!;
  };
  const addDocument = (token: string, fields: Fields) =>
    h.request('/api/beneficiary_document_add', { method: 'POST', token, body: multipart(fields) });
  const document = (beneficiaryId: number, patch: Fields = {}): Fields => ({
    beneficiaryId,
    tagId,
    doc_date: '2025-02-01',
    filename: png('prescription.png'),
    comment: 'From the medical camp',
    ...patch,
  });
  const stored = async () => (await h.files.list()).filter((key) => key.startsWith('beneficiaries/'));
  const expect422 = async (response: Response, field: string, message: string) => {
    const body = await json<Body>(response);
    expect(response.status, JSON.stringify(body)).toBe(422);
    expect(body.message).toBe(message);
    expect(body.errors?.[field]?.[0]).toBe(message);
  };

  it('stores a document with its file, answers it with its tag and link, serves the file and lists it for the pull', async () => {
    const beneficiary = await addBeneficiary(staff, staffCenter);
    const before = (await stored()).length;
    const response = await addDocument(staff, document(beneficiary.id));
    const body = await json<Body<Doc>>(response);
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe('Documents added successfully');
    expect(body.data).toMatchObject({
      beneficiaryId: beneficiary.id,
      tagId,
      doc_date: '2025-02-01',
      comment: 'From the medical camp',
      tag_data: { id: tagId, name: 'Camp Prescription' },
    });
    expect(body.data!.filename).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(await stored()).toHaveLength(before + 1);

    const file = await h.request(body.data!.file_path, { token: staff });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_BYTES);
    const link = await json<Body<string>>(
      await h.request('/api/download_images', { method: 'POST', token: staff, json: { url: body.data!.file_path } }),
    );
    expect(link.data).toBe(`${body.data!.file_path}?download=1`);
    const download = await h.request(link.data!, { token: staff });
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${body.data!.filename}"`);

    const pulled = await json<{ data: Doc[] }>(
      await h.request('/api/beneficiary_documents?updated_since=2000-01-01T00:00:00.000Z', { token: staff }),
    );
    expect(pulled.data.map((d) => d.id)).toContain(body.data!.id);
  });

  it('refuses a file whose bytes are not an image, a file over 5 MB, a row without its tag or file, and stores nothing', async () => {
    const beneficiary = await addBeneficiary(staff, staffCenter);
    const before = (await stored()).length;
    await expect422(
      await addDocument(staff, document(beneficiary.id, { filename: textAsPng() })),
      'filename',
      messages.fileType,
    );
    await expect422(
      await addDocument(staff, document(beneficiary.id, { filename: oversizedPng() })),
      'filename',
      messages.fileTooLarge,
    );
    await expect422(
      await addDocument(staff, document(beneficiary.id, { tagId: undefined })),
      'tagId',
      messages.docTagRequired,
    );
    await expect422(
      await addDocument(staff, document(beneficiary.id, { filename: undefined })),
      'filename',
      messages.documentsRequired,
    );
    expect(await stored()).toHaveLength(before);
    const rows = await h.db
      .select()
      .from(beneficiaryDocuments)
      .where(eq(beneficiaryDocuments.beneficiaryId, beneficiary.id));
    expect(rows).toEqual([]);
  });

  it("another center's user neither adds to, sees, downloads nor deletes a beneficiary's documents; a viewer adds none", async () => {
    const elsewhere = await addBeneficiary(admin, staffCenter + 1);
    const added = await json<Body<Doc>>(await addDocument(admin, document(elsewhere.id)));
    const doc = added.data!;
    const before = (await stored()).length;
    expect((await addDocument(staff, document(elsewhere.id))).status).toBe(404);
    expect(await stored()).toHaveLength(before);
    expect((await h.request(doc.file_path, { token: staff })).status).toBe(404);
    expect(
      (await h.request('/api/download_images', { method: 'POST', token: staff, json: { url: doc.file_path } })).status,
    ).toBe(404);
    const pulled = await json<{ data: Doc[] }>(await h.request('/api/beneficiary_documents', { token: staff }));
    expect(pulled.data.map((d) => d.id)).not.toContain(doc.id);
    expect(
      (await h.request(`/api/beneficiary_document_delete/${doc.id}`, { method: 'DELETE', token: staff })).status,
    ).toBe(404);
    const [row] = await h.db.select().from(beneficiaryDocuments).where(eq(beneficiaryDocuments.id, doc.id));
    expect(row.deleted_at).toBeNull();
    const refused = await addDocument(viewer, document(elsewhere.id));
    expect(refused.status).toBe(403);
    expect((await json<Body>(refused)).message).toBe(messages.forbidden);
  });

  it('a role without child_tracking view (meal_type only) neither lists beneficiaries nor reads their documents or files', async () => {
    const beneficiary = await addBeneficiary(admin, staffCenter);
    const doc = (await json<Body<Doc>>(await addDocument(admin, document(beneficiary.id, { comment: 'Aadhar Card' }))))
      .data!;
    const [role] = await h.db
      .insert(roles)
      .values({ name: 'meal clerk', permissions: mealOnlyPermissions })
      .returning({ id: roles.id });
    await h.db.insert(users).values({
      name: 'Meal Clerk',
      email: 'meals@documents.test',
      password_hash: await hashPassword(DEMO_PASSWORD),
      role_id: role.id,
      centerId: 1,
    });
    const clerk = await h.login('meals@documents.test');
    for (const list of ['/api/beneficiaries', '/api/beneficiary_documents']) {
      const answer = await h.request(list, { token: clerk });
      expect(answer.status, list).toBe(403);
      expect(await answer.text()).not.toContain('Camp Visitor');
    }
    for (const service of ['education', 'medical', 'mhp'])
      expect((await h.request(`/api/non_regusers_${service}`, { method: 'POST', token: clerk, json: {} })).status).toBe(
        403,
      );
    expect((await h.request(doc.file_path, { token: clerk })).status).toBe(404);
    expect(
      (await h.request('/api/download_images', { method: 'POST', token: clerk, json: { url: doc.file_path } })).status,
    ).toBe(404);
  });

  it('deletes a document under If-Match; deleting the beneficiary deletes its documents; the pull hears of both', async () => {
    const beneficiary = await addBeneficiary(staff, staffCenter);
    const [first, second] = await Promise.all(
      [document(beneficiary.id), document(beneficiary.id, { comment: 'second' })].map(
        async (fields) => (await json<Body<Doc>>(await addDocument(staff, fields))).data!,
      ),
    );
    const remove = (id: number, ifMatch: string) =>
      h.request(`/api/beneficiary_document_delete/${id}`, {
        method: 'DELETE',
        token: staff,
        headers: { 'If-Match': `"${ifMatch}"` },
      });
    expect((await remove(first!.id, '2000-01-01T00:00:00.000Z')).status).toBe(409);
    const removed = await remove(first!.id, first!.updated_at);
    expect(removed.status).toBe(200);
    expect((await json<Body>(removed)).message).toBe(messages.documentDeleted);
    expect((await h.request(first!.file_path, { token: staff })).status).toBe(404);

    expect(
      (await h.request(`/api/beneficiary_delete/${beneficiary.id}`, { method: 'DELETE', token: staff })).status,
    ).toBe(200);
    const [row] = await h.db.select().from(beneficiaryDocuments).where(eq(beneficiaryDocuments.id, second!.id));
    expect(row.deleted_at).not.toBeNull();
    expect((await h.request(second!.file_path, { token: staff })).status).toBe(404);
    const pulled = await json<{ data: Doc[]; sync: { deleted: number[] } }>(
      await h.request('/api/beneficiary_documents?updated_since=2000-01-01T00:00:00.000Z', { token: staff }),
    );
    expect(pulled.sync.deleted).toEqual(expect.arrayContaining([first!.id, second!.id]));
    expect(pulled.data.map((d) => d.id)).not.toContain(second!.id);
  });
});
