import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childSchema, messages } from '../../sync/contract';
import { children, idempotencyKeys, roles, users } from '../../server/db/schema';
import { caseworkerRole } from '../../server/db/seed-data';
import { createHarness, databaseKinds, json, type Harness } from './harness';
import { jpg, multipart, PNG_BYTES, png, validChild } from './uploads';

type Child = Record<string, unknown> & {
  id: number;
  updated_at: string;
  image: string | null;
  centerdetailId: number;
  name: string;
};
type Body = {
  success: boolean;
  message?: string;
  errors?: Record<string, string[]>;
  data?: Child;
  image_path?: string;
};
type ListBody = {
  success: boolean;
  data: Child[];
  pagination: { total: number; per_page: number; current_page: number; last_page: number };
  sync?: { deleted: number[]; next: { updated_since: string; after_id: number } | null };
};

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(databaseKinds)('children (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let viewer: string;
  let staffCenter: number;
  let otherChild: number;
  let otherCenter: number;
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
    otherChild = other.id;
    otherCenter = other.centerdetailId;
  });
  afterAll(() => h?.close());

  const post = (
    path: string,
    token: string,
    fields: Record<string, string | number | File | undefined>,
    headers: Record<string, string> = {},
  ) => h.request(path, { method: 'POST', token, body: multipart(fields), headers });
  const add = async (fields: Record<string, string | number | File | undefined> = {}, token = admin) => {
    const response = await post('/api/child_add', token, {
      ...validChild,
      centerdetailId: staffCenter,
      image: png(),
      ...fields,
    });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    return (await json<Body>(response)).data!;
  };
  const view = (id: number, token = admin) => h.request(`/api/child_view/${id}`, { token });
  const delta = (token: string, query: string, body: unknown = {}) =>
    h.request(`/api/child-registrations?${query}`, { method: 'POST', token, json: body });

  it('child_add: stores the child and its photo, answers the record with ms timestamps', async () => {
    const response = await post('/api/child_add', admin, { ...validChild, centerdetailId: staffCenter, image: png() });
    expect(response.status).toBe(200);
    const body = await json<Body>(response);
    expect(body).toMatchObject({ success: true, image_path: '/api/files/children/' });
    const child = childSchema.parse(body.data);
    expect(child).toMatchObject({
      name: 'Asha Kumari',
      centerdetailId: staffCenter,
      countryId: 101,
      produce_cwc: 1,
      refer_cwc: 0,
    });
    expect(child.updated_at).toMatch(ISO_MS);
    expect(child.uniqueId).toMatch(/^NDLS\/\d+$/);
    expect(child.center_data).toMatchObject({ id: staffCenter });
    expect(child.user_data).toMatchObject({ name: 'Anita Sharma' });
    expect(child.last_status).toMatchObject({ history_status: null });
    expect(body.data!.image).toMatch(/^[a-f0-9]{32}\.png$/);
    // The photo is served to users who may see the child, by its bytes' type.
    const file = await h.request(`/api/files/children/${body.data!.image}`, { token: staff });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await h.request(`/api/files/children/${body.data!.image}`)).status).toBe(401);
  });

  it('child_add_2 (quick add): the required fields, cwccaseno only when refer', async () => {
    const quick = {
      name: 'Ravi',
      gender: 'Male',
      dateofarrival: '2025-04-01',
      image: jpg(),
      ReferredBy: 'refer',
      centerdetailId: staffCenter,
    };
    const missingCase = await json<Body>(await post('/api/child_add_2', admin, quick));
    expect(missingCase.message).toBe('CWC Case No. is required');
    const okAnswer = await post('/api/child_add_2', admin, { ...quick, image: jpg(), cwccaseno: 'CWC/2025/1' });
    expect(okAnswer.status).toBe(200);
    const child = (await json<Body>(okAnswer)).data!;
    expect(child).toMatchObject({ name: 'Ravi', refer_cwc: 1, cwccaseno: 'CWC/2025/1' });
    expect(child.image).toMatch(/\.jpg$/);
    const noImage = await post('/api/child_add_2', admin, { ...quick, image: undefined, cwccaseno: 'x' });
    expect(noImage.status).toBe(422);
    // The sync engine uploads Blobs named after the field: the bytes decide, not the name.
    const form = multipart({ ...quick, cwccaseno: 'x', image: undefined });
    form.append('image', new Blob([PNG_BYTES], { type: 'image/png' }), 'image');
    const blob = await h.request('/api/child_add_2', { method: 'POST', token: admin, body: form });
    expect(blob.status).toBe(200);
    expect((await json<Body>(blob)).data!.image).toMatch(/\.png$/);
    expect((await json<Body>(noImage)).message).toBe(messages.imageRequired);
  });

  // Spec part 1, section 5: "Name, gender, arrival date and image are required." The
  // center and ReferredBy are not: without a center the child is registered at the user's own.
  it('child_add_2 accepts name, gender, arrival date and image alone', async () => {
    const bare = { name: 'Sonu', gender: 'Male', dateofarrival: '2025-04-02' };
    const byStaff = await post('/api/child_add_2', staff, { ...bare, image: jpg() });
    expect(byStaff.status).toBe(200);
    const child = (await json<Body>(byStaff)).data!;
    expect(child).toMatchObject({ name: 'Sonu', centerdetailId: staffCenter, refer_cwc: 0, produce_cwc: 0 });
    expect(child.ReferredBy ?? null).toBeNull();
    const byAdmin = await post('/api/child_add_2', admin, { ...bare, name: 'Monu', image: jpg() });
    expect(byAdmin.status).toBe(200);
    expect((await json<Body>(byAdmin)).data!.centerdetailId).toBe(1);
  });

  it('answers 422 with the spec message for every invalid input class, never 500', async () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1).fill(0x89)], 'big.png', { type: 'image/png' });
    const cases: [Record<string, string | File | undefined>, string, string][] = [
      [{ name: undefined }, 'name', messages.nameRequired],
      [{ name: '   ' }, 'name', messages.nameRequired],
      [{ gender: 'Other' }, 'gender', messages.genderRequired],
      [{ dateofarrival: '31-31-2025' }, 'dateofarrival', messages.invalidDate],
      [{ name: 'x'.repeat(300) }, 'name', 'The name field must not be greater than 255 characters.'],
      [{ f_name: 'y'.repeat(256) }, 'f_name', 'The f name field must not be greater than 255 characters.'],
      [{ aadharno: '12345' }, 'aadharno', messages.aadharInvalid],
      [{ mobileno: '98765abcde' }, 'mobileno', messages.phoneInvalid],
      [{ phoneno: '98765' }, 'phoneno', messages.phoneLength],
      [{ ReferredBy: undefined }, 'ReferredBy', messages.referredByRequired],
      [{ image: big }, 'image', messages.imageTooLarge],
      [{ image: new File(['just some text'], 'photo.png', { type: 'image/png' }) }, 'image', messages.imageType],
      [
        { image: new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'anim.gif', { type: 'image/gif' }) },
        'image',
        messages.imageType,
      ],
      [{ image: new File(['%PDF-1.4'], 'photo.jpg', { type: 'image/jpeg' }) }, 'image', messages.imageType],
      [{ countryId: 'abc' }, 'countryId', 'Country is required'],
    ];
    for (const [override, field, message] of cases) {
      const response = await post('/api/child_add', admin, { ...validChild, centerdetailId: staffCenter, ...override });
      const body = await json<Body>(response);
      expect(response.status, `${field}: ${JSON.stringify(body)}`).toBe(422);
      expect(body.errors?.[field]?.[0], field).toBe(message);
      expect(body.message, field).toBe(message);
    }
    // Several wrong fields: all listed, the first in screen order leads.
    const several = await json<Body>(await post('/api/child_add', admin, { ...validChild, name: '', mobileno: '1' }));
    expect(several.message).toBe(messages.nameRequired);
    expect(Object.keys(several.errors!)).toEqual(['name', 'mobileno']);
    // Bodies that are not forms at all.
    for (const init of [
      { body: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
      { body: '{', headers: { 'content-type': 'application/json' } },
      {},
    ]) {
      const response = await h.request('/api/child_add', { method: 'POST', token: admin, ...init });
      expect(response.status).toBe(422);
    }
  });

  it('an Idempotency-Key replay of child_add creates the child once', async () => {
    const key = 'child-add-replay-1';
    const send = () =>
      post(
        '/api/child_add',
        admin,
        { ...validChild, name: 'Replay Once', centerdetailId: staffCenter },
        { 'Idempotency-Key': key },
      );
    const first = await json<Body>(await send());
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await json<Body>(again)).data!.id).toBe(first.data!.id);
    const rows = await h.db.select().from(children).where(eq(children.name, 'Replay Once'));
    expect(rows).toHaveLength(1);
  });

  it('child_update: If-Match mismatch is 409 with the current record; a match saves with a new updated_at', async () => {
    const child = await add();
    const stale = '2020-01-01T00:00:00.000Z';
    const key = 'update-409-then-200';
    const conflict = await post(
      '/api/child_update',
      admin,
      { id: child.id, name: 'Changed' },
      { 'If-Match': `"${stale}"`, 'Idempotency-Key': key },
    );
    expect(conflict.status).toBe(409);
    const conflictBody = await json<Body>(conflict);
    expect(conflictBody).toMatchObject({ success: false, message: 'This record was changed by someone else.' });
    expect(conflictBody.data).toEqual((await json<Body>(await view(child.id))).data);
    // The 409 is not stored: the engine sends the merged entry again under the same key.
    const matched = await post(
      '/api/child_update',
      admin,
      { id: child.id, name: 'Changed' },
      { 'If-Match': `"${child.updated_at}"`, 'Idempotency-Key': key },
    );
    expect(matched.status).toBe(200);
    const saved = (await json<Body>(matched)).data!;
    expect(saved.name).toBe('Changed');
    expect(saved.updated_at).toMatch(ISO_MS);
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(child.updated_at));
    // The old base no longer matches; without If-Match the write proceeds (the spec's client).
    expect(
      (await post('/api/child_update', admin, { id: child.id, name: 'Again' }, { 'If-Match': `"${child.updated_at}"` }))
        .status,
    ).toBe(409);
    expect((await post('/api/child_update', admin, { id: child.id, name: 'Again' })).status).toBe(200);
    const stored = await h.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored[0]?.status).toBe(200);
  });

  it('child_update: partial updates keep the rest, the photo stays unless a new one is sent', async () => {
    const child = await add({ name: 'Partial' });
    const kept = await json<Body>(
      await post('/api/child_update', admin, { id: child.id, m_name: 'Sita Devi', old_image: child.image! }),
    );
    expect(kept.data).toMatchObject({
      name: 'Partial',
      m_name: 'Sita Devi',
      image: child.image,
      address: validChild.address,
    });
    const replaced = await json<Body>(await post('/api/child_update', admin, { id: child.id, image: jpg() }));
    expect(replaced.data!.image).toMatch(/\.jpg$/);
    expect(await h.files.get(`children/${child.image}`)).toBeNull();
    expect(await h.files.get(`children/${replaced.data!.image}`)).not.toBeNull();
    // A refused update keeps no photo it was sent (stored before the transaction, removed again).
    const filesBefore = (await h.files.list()).length;
    const stale = { 'If-Match': `"${child.updated_at}"` };
    expect((await post('/api/child_update', admin, { id: child.id, image: png() }, stale)).status).toBe(409);
    expect((await post('/api/child_update', admin, { id: child.id, name: '', image: png() })).status).toBe(422);
    expect(await h.files.list()).toHaveLength(filesBefore);
    // A quick-added child lacks the wizard's fields, yet its name can be changed alone.
    const quick = (
      await json<Body>(
        await post('/api/child_add_2', admin, {
          name: 'Quick',
          gender: 'Male',
          dateofarrival: '2025-04-01',
          image: png(),
          ReferredBy: 'produce',
          centerdetailId: staffCenter,
        }),
      )
    ).data!;
    const renamed = await post('/api/child_update', admin, { id: quick.id, name: 'Quick Renamed' });
    expect(renamed.status).toBe(200);
    // What a request sends is checked, and so are new problems it causes.
    expect((await json<Body>(await post('/api/child_update', admin, { id: quick.id, mobileno: '12' }))).message).toBe(
      messages.phoneLength,
    );
    expect(
      (await json<Body>(await post('/api/child_update', admin, { id: child.id, ReferredBy: 'refer' }))).message,
    ).toBe('CWC Case No. is required');
    expect((await json<Body>(await post('/api/child_update', admin, { name: 'no id' }))).errors).toHaveProperty('id');
    // The sync engine sends the whole record: its base (scalars, the photo as old_image) plus the changes.
    const base = (await json<Body>(await view(child.id))).data!;
    const whole: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(base)) {
      if (value === null || typeof value === 'object' || ['created_at', 'updated_at', 'image'].includes(key)) continue;
      whole[key] = value as string | number;
    }
    const sent = await post(
      '/api/child_update',
      admin,
      { ...whole, old_image: base.image!, f_name: 'Ram Lal' },
      { 'If-Match': `"${base.updated_at}"` },
    );
    expect(sent.status, JSON.stringify(await sent.clone().json())).toBe(200);
    expect((await json<Body>(sent)).data).toMatchObject({ ...whole, f_name: 'Ram Lal', image: base.image });
  });

  it('child_delete: a tombstone; the record is 404 after, and reported in sync.deleted of a later delta', async () => {
    const child = await add({ name: 'To Delete' });
    const since = child.updated_at;
    const conflict = await h.request(`/api/child_delete/${child.id}`, {
      method: 'DELETE',
      token: admin,
      headers: { 'If-Match': '"2020-01-01T00:00:00.000Z"' },
    });
    expect(conflict.status).toBe(409);
    const deleted = await h.request(`/api/child_delete/${child.id}`, {
      method: 'DELETE',
      token: admin,
      headers: { 'If-Match': `"${child.updated_at}"` },
    });
    expect(await json(deleted)).toEqual({ success: true, message: messages.childDeleted });
    const [row] = await h.db.select().from(children).where(eq(children.id, child.id));
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect((await view(child.id)).status).toBe(404);
    expect((await post('/api/child_update', admin, { id: child.id, name: 'x' })).status).toBe(404);
    expect((await h.request(`/api/child_delete/${child.id}`, { method: 'DELETE', token: admin })).status).toBe(404);
    const page = await json<ListBody>(await delta(admin, `updated_since=${since}&after_id=0`));
    expect(page.sync?.deleted).toContain(child.id);
    expect(page.data.map((c) => c.id)).not.toContain(child.id);
    // Resuming from a saved cursor (after_id not 0) still hears of it on the first page only.
    const resumed = await json<ListBody>(await delta(admin, `updated_since=${since}&after_id=${child.id}&page=1`));
    expect(resumed.sync?.deleted).toContain(child.id);
    expect(
      (await json<ListBody>(await delta(admin, `updated_since=${since}&after_id=0&page=2`))).sync?.deleted,
    ).toEqual([]);
  });

  it('keyset paging returns every live row exactly once while rows change between pages', async () => {
    const all = await h.db.select({ id: children.id }).from(children).where(isNull(children.deleted_at));
    const seen: number[] = [];
    let cursor = { updated_since: '1970-01-01T00:00:00.000Z', after_id: 0 };
    let page = 0;
    let changedUnseen = 0;
    let changedSeen = 0;
    for (;;) {
      page++;
      const body = await json<ListBody>(
        await delta(
          admin,
          `updated_since=${encodeURIComponent(cursor.updated_since)}&after_id=${cursor.after_id}&per_page=50&page=${page}`,
        ),
      );
      expect(body.data.length).toBeLessThanOrEqual(50);
      seen.push(...body.data.map((c) => c.id));
      if (page === 2) {
        // One row not yet seen and one already seen change between pages.
        const unseen = all.map((r) => r.id).find((id) => !seen.includes(id))!;
        changedUnseen = unseen;
        changedSeen = seen[0];
        for (const id of [unseen, changedSeen])
          await post('/api/child_update', admin, { id, comments: `changed on page ${page}` });
      }
      if (!body.sync?.next) break;
      cursor = body.sync.next;
    }
    const counts = new Map<number, number>();
    for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
    const live = await h.db.select({ id: children.id }).from(children).where(isNull(children.deleted_at));
    expect(new Set(seen)).toEqual(new Set(live.map((r) => r.id)));
    for (const [id, n] of counts) expect(n, `id ${id}`).toBe(id === changedSeen ? 2 : 1);
    expect(counts.get(changedUnseen)).toBe(1);
  });

  it('normal paging: Laravel pagination, per_page default 10, filters and the date-range rules', async () => {
    const body = await json<ListBody & { image_path: string }>(await delta(admin, 'page=2'));
    expect(body.pagination).toMatchObject({ current_page: 2, per_page: 10, from: 11, to: 20 });
    expect(body.data).toHaveLength(10);
    expect(body.sync).toBeUndefined();
    expect(body.image_path).toBe('/api/files/children/');
    childSchema.parse(body.data[0]);
    const girls = await json<ListBody>(
      await delta(admin, 'per_page=1000', { gender: 'Female', from_date: '2025-03-14', to_date: '2025-03-14' }),
    );
    expect(girls.data.length).toBeGreaterThan(0);
    for (const c of girls.data) expect(c).toMatchObject({ gender: 'Female', dateofarrival: '2025-03-14' });
    const named = await json<ListBody>(await delta(admin, '', { name: 'asha kum' }));
    expect(named.data.every((c) => c.name.toLowerCase().includes('asha kum'))).toBe(true);
    for (const [filter, message] of [
      [{ from_date: '2025-01-01' }, messages.selectToDate],
      [{ to_date: '2025-01-01' }, messages.selectFromDate],
      [{ from_date: '2025-02-01', to_date: '2025-01-01' }, messages.fromBeforeTo],
    ] as const) {
      const response = await delta(admin, '', filter);
      expect(response.status).toBe(422);
      expect((await json<Body>(response)).message).toBe(message);
    }
    expect((await delta(admin, 'updated_since=yesterday')).status).toBe(422);
  });

  it('a center-bound user reads and writes only its own center', async () => {
    // The demo caseworker may not delete; give its role delete so the center rule is what answers.
    const [role] = await h.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'caseworker'));
    await h.db
      .update(roles)
      .set({ permissions: { ...caseworkerRole.permissions, child_registration: { all: 1 } } })
      .where(eq(roles.id, role.id));
    const own = await json<ListBody>(await delta(staff, 'per_page=1000'));
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((c) => c.centerdetailId === staffCenter)).toBe(true);
    const [n] = await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(children)
      .where(and(eq(children.centerdetailId, staffCenter), isNull(children.deleted_at)));
    expect(own.pagination.total).toBe(n.n);
    expect(
      (await json<ListBody>(await delta(staff, '', { centerId: otherChild }))).data.every(
        (c) => c.centerdetailId === staffCenter,
      ),
    ).toBe(true);
    // Another center's child is "not found" for every call, and its photo too.
    expect((await view(otherChild, staff)).status).toBe(404);
    expect((await h.request(`/api/child_edit/${otherChild}`, { token: staff })).status).toBe(404);
    expect((await post('/api/child_update', staff, { id: otherChild, name: 'x' })).status).toBe(404);
    expect((await h.request(`/api/child_delete/${otherChild}`, { method: 'DELETE', token: staff })).status).toBe(404);
    const foreign = await add({ centerdetailId: otherCenter });
    expect((await h.request(`/api/files/children/${foreign.image}`, { token: staff })).status).toBe(404);
    // Creating: its own center is forced; another one is refused.
    const created = await json<Body>(await post('/api/child_add', staff, { ...validChild, image: png() }));
    expect(created.data?.centerdetailId).toBe(staffCenter);
    expect(
      (await post('/api/child_add', staff, { ...validChild, centerdetailId: foreign.centerdetailId })).status,
    ).toBe(403);
    expect(
      (await post('/api/child_update', staff, { id: created.data!.id, centerdetailId: foreign.centerdetailId })).status,
    ).toBe(403);
    // Its own children: view and edit answer the spec's shape.
    const edit = await json<Record<string, unknown>>(
      await h.request(`/api/child_edit/${created.data!.id}`, { token: staff }),
    );
    expect(edit).toMatchObject({
      success: true,
      image_path: '/api/files/children/',
      img_documents: [],
      data: { id: created.data!.id },
    });
    expect(edit.img_profile).toBe(`/api/files/children/${created.data!.image}`);
  });

  it('the viewer reads but cannot create, edit or delete', async () => {
    const child = await add({ name: 'Viewed' });
    expect((await view(child.id, viewer)).status).toBe(200);
    for (const response of [
      await post('/api/child_add', viewer, { ...validChild, centerdetailId: staffCenter, image: png() }),
      await post('/api/child_add_2', viewer, { name: 'x' }),
      await post('/api/child_update', viewer, { id: child.id, name: 'x' }),
      await h.request(`/api/child_delete/${child.id}`, { method: 'DELETE', token: viewer }),
      await h.request(`/api/child_edit/${child.id}`, { token: viewer }),
    ]) {
      expect(response.status).toBe(403);
      expect(await json(response)).toEqual({ success: false, message: messages.forbidden });
    }
  });
});
