import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childDocumentSchema, messages } from '../../sync/contract';
import { childDocuments, children, users } from '../../server/db/schema';
import { createHarness, databaseKinds, json, type Harness } from './harness';
import { JPEG_BYTES, multipart, PNG_BYTES, png } from './uploads';

type Fields = Record<string, string | number | File | undefined>;
type Doc = Record<string, unknown> & {
  id: number;
  updated_at: string;
  filename: string | null;
  profile_audio_name: string | null;
  file_path: string | null;
  audio_path: string | null;
  tag_data: { id: number; name: string } | null;
};
type Body<T = unknown> = {
  success: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  data?: T;
  img_documents?: Doc[];
};

const child = {
  name: 'Meena Das',
  dateofarrival: '2025-02-01',
  gender: 'Female',
  ReferredBy: 'produce',
  short_stay_status: 'no',
  address: 'Platform 4, Old Delhi',
  countryId: '101',
  stateId: '4021',
  district: '5',
  reference_type: 'Self',
};

const jpeg = (name = 'scan.jpeg') => new File([JPEG_BYTES], name, { type: 'image/jpeg' });
const audio = (name = 'voice.mp3') =>
  new File([Uint8Array.from([0x49, 0x44, 0x33, 4, 0, 0])], name, { type: 'audio/mpeg' });
const oversizedPng = () => {
  const bytes = new Uint8Array(5 * 1024 * 1024 + 1);
  bytes.set(PNG_BYTES);
  return new File([bytes], 'big.png', { type: 'image/png' });
};
const textFile = (name = 'notes.png') => new File(['just text, not an image'], name, { type: 'image/png' });

describe.each(databaseKinds)('child documents (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let viewer: string;
  let staffCenter: number;
  let otherCenter: number;
  let tagId: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    [admin, staff, viewer] = await Promise.all(
      ['admin@demo.test', 'staff@demo.test', 'viewer@demo.test'].map((e) => h.login(e)),
    );
    const [row] = await h.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    staffCenter = row.centerId;
    const [other] = await h.db
      .select()
      .from(children)
      .where(sql`${children.centerdetailId} <> ${staffCenter}`)
      .limit(1);
    otherCenter = other.centerdetailId;
    const tag = await json<Body<{ id: number }>>(
      await h.request('/api/tag_add', { method: 'POST', token: admin, json: { name: 'Station Master Letter' } }),
    );
    tagId = tag.data!.id;
  });
  afterAll(() => h?.close());

  const post = (url: string, token: string, fields: Fields, headers: Record<string, string> = {}) =>
    h.request(`/api${url}`, { method: 'POST', token, body: multipart(fields), headers });
  const addChild = async (fields: Fields = {}, token = admin) => {
    const response = await post('/child_add', token, {
      ...child,
      centerdetailId: staffCenter,
      image: png(),
      ...fields,
    });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    return (await json<Body<{ id: number; updated_at: string }>>(response)).data!;
  };
  const documentsOf = async (childId: number, token = admin) =>
    (await json<Body<Doc[]>>(await h.request(`/api/documents_lists/${childId}`, { token }))).data!;
  const storedCount = async (childId: number) =>
    (
      await h.db
        .select({ n: sql<number>`count(*)::int` })
        .from(childDocuments)
        .where(and(eq(childDocuments.childregId, childId), isNull(childDocuments.deleted_at)))
    )[0]!.n;
  const expect422 = async (response: Response, field: string, message: string) => {
    const body = await json<Body>(response);
    expect(response.status, JSON.stringify(body)).toBe(422);
    expect(body.success).toBe(false);
    expect(body.errors?.[field]?.[0]).toBe(message);
  };
  const countChildren = async (name: string) =>
    (
      await h.db
        .select({ n: sql<number>`count(*)::int` })
        .from(children)
        .where(eq(children.name, name))
    )[0]!.n;

  it('child_add stores the document rows sent with the child; child_view answers them as img_documents', async () => {
    const added = await addChild({
      'documents[0][tagId]': tagId,
      'documents[0][doc_date]': '2025-02-02',
      'documents[0][filename]': jpeg(),
      'documents[0][profile_audio_name]': audio(),
      'documents[0][comment]': 'Birth certificate from the station master',
      'documents[1][tagId]': tagId,
      'documents[1][doc_date]': '2025-02-03',
      'documents[1][filename]': png('school.png'),
    });
    const view = await json<Body>(await h.request(`/api/child_view/${added.id}`, { token: staff }));
    expect(view.img_documents).toHaveLength(2);
    const docs = view.img_documents!.map((d) => childDocumentSchema.parse(d));
    expect(docs.map((d) => d.doc_date).sort()).toEqual(['2025-02-02', '2025-02-03']);
    const first = view.img_documents!.find((d) => d.doc_date === '2025-02-02')!;
    // The original extension is kept; the name is ours (random), not the uploader's.
    expect(first.filename).toMatch(/^[a-f0-9]{32}\.jpeg$/);
    expect(first.profile_audio_name).toMatch(/^[a-f0-9]{32}\.mp3$/);
    expect(first).toMatchObject({
      tag_data: { id: tagId, name: 'Station Master Letter' },
      comment: 'Birth certificate from the station master',
      status: 1,
    });
    const image = await h.request(first.file_path!, { token: staff });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const sound = await h.request(first.audio_path!, { token: staff });
    expect(sound.status).toBe(200);
    expect(sound.headers.get('content-type')).toBe('audio/mpeg');
    // Uploaded files are served sandboxed: even opened as a page they run nothing.
    for (const served of [image, sound]) expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(await h.files.get(`documents/${first.filename!}`)).not.toBeNull();
    expect(await documentsOf(added.id, viewer)).toHaveLength(2);
  });

  it('an audio file is checked by its bytes: text declared audio/mpeg is refused with 422', async () => {
    const response = await post('/child_add', admin, {
      ...child,
      centerdetailId: staffCenter,
      image: png(),
      'documents[0][tagId]': tagId,
      'documents[0][doc_date]': '2025-02-02',
      'documents[0][filename]': jpeg(),
      'documents[0][profile_audio_name]': new File(['#!/bin/sh echo not a sound'], 'voice.mp3', { type: 'audio/mpeg' }),
    });
    expect(response.status).toBe(422);
    expect((await json<Body>(response)).message).toBeTruthy();
  });

  it('a stored file whose bytes are no image or audio is served as an attachment, never inline as its extension says', async () => {
    const added = await addChild({
      'documents[0][tagId]': tagId,
      'documents[0][doc_date]': '2025-02-04',
      'documents[0][profile_audio_name]': audio(),
    });
    const [doc] = await documentsOf(added.id);
    // A file kept from before audio was checked by its bytes: an .mp3 holding a page.
    await h.files.put(`documents/${doc!.profile_audio_name!}`, new TextEncoder().encode('<script>alert(1)</script>'));
    const served = await h.request(doc!.audio_path!, { token: staff });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename="${doc!.profile_audio_name!}"`);
  });

  it("child_add refuses a bad document row with 422 and the spec's message, and stores nothing", async () => {
    const cases: [Fields, string, string][] = [
      [{ 'documents[0][doc_date]': '2025-02-02' }, 'documents.0.tagId', messages.docTagRequired],
      [
        { 'documents[0][tagId]': 'abc', 'documents[0][doc_date]': '2025-02-02' },
        'documents.0.tagId',
        messages.docTagRequired,
      ],
      [{ 'documents[0][tagId]': tagId }, 'documents.0.doc_date', messages.docDateRequired],
      [
        { 'documents[0][tagId]': tagId, 'documents[0][doc_date]': '2025-02-31' },
        'documents.0.doc_date',
        messages.invalidDate,
      ],
      [
        {
          'documents[0][tagId]': tagId,
          'documents[0][doc_date]': '2025-02-02',
          'documents[0][comment]': 'x'.repeat(5001),
        },
        'documents.0.comment',
        'The comment field must not be greater than 5000 characters.',
      ],
      [
        {
          'documents[0][tagId]': tagId,
          'documents[0][doc_date]': '2025-02-02',
          'documents[0][filename]': oversizedPng(),
        },
        'documents.0.filename',
        messages.fileTooLarge,
      ],
      [
        { 'documents[0][tagId]': tagId, 'documents[0][doc_date]': '2025-02-02', 'documents[0][filename]': textFile() },
        'documents.0.filename',
        messages.fileType,
      ],
      [
        {
          'documents[0][tagId]': tagId,
          'documents[0][doc_date]': '2025-02-02',
          'documents[0][profile_audio_name]': png('voice.png'),
        },
        'documents.0.profile_audio_name',
        messages.audioType,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const name = `Refused ${field} ${message}`.slice(0, 60);
      await expect422(
        await post('/child_add', admin, { ...child, name, centerdetailId: staffCenter, ...fields }),
        field,
        message,
      );
      expect(await countChildren(name)).toBe(0);
    }
    const before = await keptFiles(h);
    await expect422(
      await post('/child_add', admin, {
        ...child,
        centerdetailId: staffCenter,
        image: png(),
        'documents[0][tagId]': tagId,
        'documents[0][filename]': png(),
      }),
      'documents.0.doc_date',
      messages.docDateRequired,
    );
    expect(await keptFiles(h)).toBe(before);
  });

  it('child_add_2 (quick add) takes no documents; child_update adds new rows and leaves stored ones', async () => {
    const quick = await json<Body<{ id: number; updated_at: string }>>(
      await post('/child_add_2', admin, {
        name: 'Quick Doc',
        gender: 'Male',
        dateofarrival: '2025-01-05',
        ReferredBy: 'action_pending',
        centerdetailId: staffCenter,
        image: png(),
        'documents[0][tagId]': tagId,
        'documents[0][doc_date]': '2025-01-05',
        'documents[0][filename]': png(),
      }),
    );
    expect(quick.success).toBe(true);
    expect(await storedCount(quick.data!.id)).toBe(0);

    const added = await addChild({
      'documents[0][tagId]': tagId,
      'documents[0][doc_date]': '2025-02-02',
      'documents[0][filename]': png(),
    });
    const [stored] = await documentsOf(added.id);
    const updated = await post('/child_update', admin, {
      id: added.id,
      address: 'Gate 2, Old Delhi',
      'documents[0][id]': stored!.id,
      'documents[0][tagId]': tagId,
      'documents[0][doc_date]': '2025-02-02',
      'documents[1][tagId]': tagId,
      'documents[1][doc_date]': '2025-03-01',
      'documents[1][filename]': jpeg('later.jpg'),
    });
    expect(updated.status, JSON.stringify(await updated.clone().json())).toBe(200);
    const docs = await documentsOf(added.id);
    expect(docs.map((d) => d.doc_date)).toEqual(['2025-03-01', '2025-02-02']);
    expect(docs[0]!.filename).toMatch(/\.jpg$/);
    await expect422(
      await post('/child_update', admin, {
        id: added.id,
        'documents[0][tagId]': tagId,
        'documents[0][doc_date]': '2025-03-01',
        'documents[0][filename]': textFile(),
      }),
      'documents.0.filename',
      messages.fileType,
    );
    expect(await storedCount(added.id)).toBe(2);
  });

  describe('child_document_update', () => {
    it('stores rows of an existing child (multipart rows or one flat row) and answers them', async () => {
      const added = await addChild();
      const response = await post('/child_document_update', staff, {
        childregId: added.id,
        'documents[0][tagId]': tagId,
        'documents[0][doc_date]': '2025-04-01',
        'documents[0][filename]': png(),
        'documents[1][tagId]': tagId,
        'documents[1][doc_date]': '2025-04-02',
        'documents[1][profile_audio_name]': audio('note.wav'),
      });
      const body = await json<Body<Doc[]>>(response);
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(body).toMatchObject({ success: true, message: 'Documents added successfully' });
      expect(body.data!.map((d) => [d.childregId, d.doc_date])).toEqual([
        [added.id, '2025-04-01'],
        [added.id, '2025-04-02'],
      ]);
      expect(body.data![1]!.profile_audio_name).toMatch(/\.wav$/);

      const flat = await json<Body<Doc[]>>(
        await post(
          '/child_document_update',
          staff,
          { childregId: added.id, tagId, doc_date: '2025-04-03', filename: jpeg() },
          { 'Idempotency-Key': 'doc-flat-1' },
        ),
      );
      expect(flat.data).toHaveLength(1);
      expect(flat.data![0]).toMatchObject({ doc_date: '2025-04-03', tag_data: { name: 'Station Master Letter' } });
      // A retried request (same key) does not store the document twice.
      const again = await json<Body<Doc[]>>(
        await post(
          '/child_document_update',
          staff,
          { childregId: added.id, tagId, doc_date: '2025-04-03', filename: jpeg() },
          { 'Idempotency-Key': 'doc-flat-1' },
        ),
      );
      expect(again.data![0]!.id).toBe(flat.data![0]!.id);
      expect(await storedCount(added.id)).toBe(3);
    });

    it("answers 422 with the spec's message for each invalid input, never storing a row", async () => {
      const added = await addChild();
      const row = { 'documents[0][tagId]': tagId, 'documents[0][doc_date]': '2025-04-01' };
      const cases: [Fields, string, string][] = [
        [{ ...row }, 'childregId', 'The Child field is required.'],
        [{ childregId: 'seven', ...row }, 'childregId', 'The Child field is required.'],
        [{ childregId: added.id }, 'documents', messages.documentsRequired],
        [
          { childregId: added.id, 'documents[0][doc_date]': '2025-04-01' },
          'documents.0.tagId',
          messages.docTagRequired,
        ],
        [{ childregId: added.id, 'documents[0][tagId]': tagId }, 'documents.0.doc_date', messages.docDateRequired],
        [
          { childregId: added.id, ...row, 'documents[0][doc_date]': '01/04/2025' },
          'documents.0.doc_date',
          messages.invalidDate,
        ],
        [
          { childregId: added.id, ...row, 'documents[0][comment]': 'y'.repeat(5001) },
          'documents.0.comment',
          'The comment field must not be greater than 5000 characters.',
        ],
        [
          { childregId: added.id, ...row, 'documents[0][filename]': oversizedPng() },
          'documents.0.filename',
          messages.fileTooLarge,
        ],
        [
          { childregId: added.id, ...row, 'documents[0][filename]': textFile('cv.pdf') },
          'documents.0.filename',
          messages.fileType,
        ],
        [
          { childregId: added.id, ...row, 'documents[0][profile_audio_name]': textFile('voice.mp3') },
          'documents.0.profile_audio_name',
          messages.audioType,
        ],
        [{ childregId: added.id, tagId: '', doc_date: '2025-04-01' }, 'documents.0.tagId', messages.docTagRequired],
      ];
      for (const [fields, field, message] of cases)
        await expect422(await post('/child_document_update', admin, fields), field, message);
      expect(await storedCount(added.id)).toBe(0);
      // A JSON body that is not an object is a 422 too, not a 500.
      expect(
        (await h.request('/api/child_document_update', { method: 'POST', token: admin, json: [1, 2] })).status,
      ).toBe(422);
    });

    it("needs child_registration edit and the child's center", async () => {
      const own = await addChild();
      const other = await addChild({ centerdetailId: otherCenter });
      const fields = {
        'documents[0][tagId]': tagId,
        'documents[0][doc_date]': '2025-04-01',
        'documents[0][filename]': png(),
      };
      expect((await post('/child_document_update', viewer, { childregId: own.id, ...fields })).status).toBe(403);
      expect((await post('/child_document_update', staff, { childregId: other.id, ...fields })).status).toBe(404);
      expect((await post('/child_document_update', admin, { childregId: 99_999_999, ...fields })).status).toBe(404);
      expect(await storedCount(other.id)).toBe(0);
      expect(
        (
          await h.request('/api/child_document_update', {
            method: 'POST',
            body: multipart({ childregId: own.id, ...fields }),
          })
        ).status,
      ).toBe(401);
    });
  });

  it('documents_lists: newest first, only for users who may see the child', async () => {
    const other = await addChild({
      centerdetailId: otherCenter,
      'documents[0][tagId]': tagId,
      'documents[0][doc_date]': '2025-05-01',
      'documents[0][filename]': png(),
    });
    const [doc] = await documentsOf(other.id);
    expect(doc).toBeDefined();
    expect(await documentsOf(other.id, staff)).toEqual([]);
    expect((await h.request(doc!.file_path!, { token: staff })).status).toBe(404);
    expect((await h.request(doc!.file_path!, { token: viewer })).status).toBe(200);
    expect((await h.request(doc!.file_path!)).status).toBe(401);
  });

  it('child_documents_delete: child_document delete only, under If-Match; the file is no longer served', async () => {
    const added = await addChild({
      'documents[0][tagId]': tagId,
      'documents[0][doc_date]': '2025-06-01',
      'documents[0][filename]': png(),
    });
    const [doc] = await documentsOf(added.id);
    expect((await h.request(`/api/child_documents_delete/${doc!.id}`, { method: 'DELETE', token: staff })).status).toBe(
      403,
    );
    expect(
      (await h.request(`/api/child_documents_delete/${doc!.id}`, { method: 'DELETE', token: viewer })).status,
    ).toBe(403);
    const stale = await h.request(`/api/child_documents_delete/${doc!.id}`, {
      method: 'DELETE',
      token: admin,
      headers: { 'If-Match': '"2001-01-01T00:00:00.000Z"' },
    });
    expect(stale.status).toBe(409);
    const deleted = await h.request(`/api/child_documents_delete/${doc!.id}`, {
      method: 'DELETE',
      token: admin,
      headers: { 'If-Match': `"${doc!.updated_at}"` },
    });
    expect(await json(deleted)).toEqual({ success: true, message: messages.documentDeleted });
    expect(await documentsOf(added.id)).toEqual([]);
    expect((await h.request(doc!.file_path!, { token: admin })).status).toBe(404);
    expect((await h.request(`/api/child_documents_delete/${doc!.id}`, { method: 'DELETE', token: admin })).status).toBe(
      404,
    );
    expect((await h.request('/api/child_documents_delete/abc', { method: 'DELETE', token: admin })).status).toBe(404);
  });

  describe('download_images', () => {
    it('answers a link that downloads the file under its original extension', async () => {
      const added = await addChild({
        'documents[0][tagId]': tagId,
        'documents[0][doc_date]': '2025-07-01',
        'documents[0][filename]': jpeg('passport.jpeg'),
      });
      const [doc] = await documentsOf(added.id);
      const answer = await json<Body<string>>(
        await h.request('/api/download_images', {
          method: 'POST',
          token: staff,
          body: multipart({ url: `http://localhost:8080${doc!.file_path!}` }),
        }),
      );
      expect(answer.success).toBe(true);
      expect(answer.data).toBe(`${doc!.file_path!}?download=1`);
      const file = await h.request(answer.data!, { token: staff });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${doc!.filename!}"`);
      expect(doc!.filename).toMatch(/\.jpeg$/);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(JPEG_BYTES);
      // A child's photo can be downloaded the same way; a bare document name is accepted too.
      const view = await json<Body<{ image: string }>>(
        await h.request(`/api/child_view/${added.id}`, { token: staff }),
      );
      const photo = await json<Body<string>>(
        await h.request('/api/download_images', {
          method: 'POST',
          token: staff,
          json: { url: `/api/files/children/${view.data!.image}` },
        }),
      );
      expect(photo.data).toBe(`/api/files/children/${view.data!.image}?download=1`);
      expect((await h.request(photo.data!, { token: staff })).headers.get('content-disposition')).toMatch(
        /^attachment; filename=".+\.png"$/,
      );
      expect(
        (
          await json<Body<string>>(
            await h.request('/api/download_images', { method: 'POST', token: staff, json: { url: doc!.filename } }),
          )
        ).data,
      ).toBe(answer.data);
    });

    it('refuses a missing url (422), and any file the user may not see (404)', async () => {
      await expect422(
        await h.request('/api/download_images', { method: 'POST', token: staff, body: multipart({}) }),
        'url',
        'The url field is required.',
      );
      await expect422(
        await h.request('/api/download_images', { method: 'POST', token: staff, json: { url: 42 } }),
        'url',
        'The url field is required.',
      );
      const other = await addChild({
        centerdetailId: otherCenter,
        'documents[0][tagId]': tagId,
        'documents[0][doc_date]': '2025-07-02',
        'documents[0][filename]': png(),
      });
      const [doc] = await documentsOf(other.id);
      for (const url of [
        doc!.file_path!,
        '/api/files/documents/../../etc/passwd',
        'https://example.org/x.png',
        `/api/files/documents/${'0'.repeat(32)}.png`,
      ]) {
        expect((await h.request('/api/download_images', { method: 'POST', token: staff, json: { url } })).status).toBe(
          404,
        );
      }
      expect((await h.request('/api/download_images', { method: 'POST', json: { url: doc!.file_path } })).status).toBe(
        401,
      );
    });
  });
});

/** Files the harness keeps, in every upload folder. */
async function keptFiles(h: Harness): Promise<number> {
  return (await h.files.list()).length;
}
