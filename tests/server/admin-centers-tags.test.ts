import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../sync/contract';
import { centers, children, tags } from '../../server/db/schema';
import { DEMO_TAGS } from '../../server/db/seed-demo';
import { adminMessages } from '../../server/admin/messages';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type Body = {
  success: boolean;
  data?: Record<string, unknown> & { id: number; updated_at: string };
  message?: string;
  errors?: Record<string, string[]>;
  pagination?: Record<string, number>;
  sync?: { deleted: number[]; next: unknown };
};

describe.each(databaseKinds)('centers and tags administration (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await h.login('admin@demo.test');
    staff = await h.login('staff@demo.test');
  });
  afterAll(() => h?.close());

  const post = async (path: string, body: unknown, token = admin, headers: Record<string, string> = {}) => {
    const response = await h.request(path, { method: 'POST', token, json: body, headers });
    return { status: response.status, body: await json<Body>(response) };
  };
  const call = async (method: string, path: string, token = admin, headers: Record<string, string> = {}) => {
    const response = await h.request(path, { method, token, headers });
    return { status: response.status, body: await json<Body>(response) };
  };
  const center = {
    centertypeId: 2,
    name: 'Test Shelter',
    prefix: 'tsh',
    address: 'Platform 1',
    status: 1,
    email: 'shelter@example.org',
    phone: '9876543210',
  };

  describe('centers', () => {
    it.each([
      [{}, 'centertypeId', messages.centerRequired],
      [{ centertypeId: 1 }, 'name', messages.centerNameRequired],
      [{ centertypeId: 1, name: 'X' }, 'prefix', messages.prefixRequired],
      [{ centertypeId: 1, name: 'X', prefix: 'x' }, 'address', messages.addressRequired],
      [{ centertypeId: 1, name: 'X', prefix: 'x', address: 'A', status: '' }, 'status', messages.statusRequired],
      [{ ...center, email: 'nope' }, 'email', messages.emailInvalid],
      [{ ...center, phone: '12ab' }, 'phone', messages.phoneInvalid],
      [{ ...center, centertypeId: 9 }, 'centertypeId', adminMessages.invalidCenterType],
    ])('center_add %j answers 422 on %s: %s', async (input, field, message) => {
      const { status, body } = await post('/api/center_add', input);
      expect(status).toBe(422);
      expect(body.message).toBe(message);
      expect(Object.keys(body.errors ?? {})[0]).toBe(field);
    });

    let added: NonNullable<Body['data']>;
    it('center_add stores the prefix upper-cased with a unique center id', async () => {
      const { status, body } = await post('/api/center_add', center);
      expect(status).toBe(200);
      expect(body.message).toBe(adminMessages.centerAdded);
      added = body.data!;
      expect(added).toMatchObject({ name: 'Test Shelter', prefix: 'TSH', centertypeId: 2, status: 1 });
      expect(added.unique_centerId).toBe(`SBT-TSH-${String(added.id).padStart(3, '0')}`);
    });

    it('GET /centers pages and filters by type and name; centers_details counts per type', async () => {
      const all = await call('GET', '/api/centers');
      expect(all.body.pagination).toMatchObject({ current_page: 1, per_page: 10 });
      const filtered = await call('GET', '/api/centers?centertypeId=2&name=test shel');
      expect((filtered.body.data as unknown as { id: number }[]).map((r) => r.id)).toEqual([added.id]);
      const details = (await call('GET', '/api/centers_details')).body.data as unknown as Record<string, number>;
      const live = await h.db.select().from(centers);
      expect(details.total_centers).toBe(live.filter((r) => !r.deleted_at).length);
      expect(details.open_shelter).toBe(live.filter((r) => !r.deleted_at && r.centertypeId === 2).length);
      expect(details.contact_point + details.open_shelter + details.home + details.child_help_line).toBe(
        details.total_centers,
      );
    });

    it('center_update changes fields under If-Match; a stale one is 409 with the record', async () => {
      const { status, body } = await post(
        '/api/center_update',
        { id: added.id, name: 'Renamed Shelter', prefix: 'rs' },
        admin,
        { 'If-Match': `"${added.updated_at}"` },
      );
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ name: 'Renamed Shelter', prefix: 'RS', address: 'Platform 1' });
      const stale = await post('/api/center_update', { id: added.id, name: 'Again' }, admin, {
        'If-Match': `"${added.updated_at}"`,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.data).toMatchObject({ name: 'Renamed Shelter' });
      added = body.data!;
      const invalid = await post('/api/center_update', { id: added.id, name: '  ' });
      expect(invalid.status).toBe(422);
      expect(invalid.body.message).toBe(messages.centerNameRequired);
    });

    it('center_status sets 1 or 0 with the spec message; other values are 422; head office stays enabled', async () => {
      const off = await call('POST', `/api/center_status/${added.id}/0`);
      expect(off.status).toBe(200);
      expect(off.body.message).toBe(messages.statusChanged);
      expect(off.body.data).toMatchObject({ status: 0 });
      expect((await call('POST', `/api/center_status/${added.id}/7`)).status).toBe(422);
      const hq = await call('POST', '/api/center_status/1/0');
      expect(hq.status).toBe(422);
      expect(hq.body.message).toBe(adminMessages.headOffice);
    });

    it('a center still in use is not deleted; an unused one is, and delta pulls report it', async () => {
      const [child] = await h.db.select({ center: children.centerdetailId }).from(children).limit(1);
      const used = await call('DELETE', `/api/center_delete/${child.center}`);
      expect(used.status).toBe(422);
      expect(used.body.message).toBe(adminMessages.centerInUse);
      const since = new Date(Date.now() - 60_000).toISOString();
      const gone = await call('DELETE', `/api/center_delete/${added.id}`);
      expect(gone.status).toBe(200);
      expect(gone.body.message).toBe(messages.centerDeleted);
      expect((await call('DELETE', `/api/center_delete/${added.id}`)).status).toBe(404);
      const delta = await call('GET', `/api/centers?updated_since=${encodeURIComponent(since)}`);
      expect(delta.body.sync?.deleted).toContain(added.id);
    });

    it('delta pages by (updated_at, id) with a next cursor', async () => {
      const first = await call('GET', '/api/centers?updated_since=1970-01-01T00:00:00.000Z&per_page=3');
      expect((first.body.data as unknown as unknown[]).length).toBe(3);
      const next = first.body.sync?.next as { updated_since: string; after_id: number };
      const second = await call(
        'GET',
        `/api/centers?updated_since=${encodeURIComponent(next.updated_since)}&after_id=${next.after_id}&per_page=3&page=2`,
      );
      const ids = [
        ...(first.body.data as unknown as { id: number }[]),
        ...(second.body.data as unknown as { id: number }[]),
      ].map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('only administrators reach them', async () => {
      for (const [method, path] of [
        ['GET', '/api/centers'],
        ['GET', '/api/centers_details'],
        ['POST', '/api/center_status/2/1'],
        ['DELETE', '/api/center_delete/2'],
      ]) {
        const { status, body } = await call(method, path, staff);
        expect(status).toBe(403);
        expect(body.message).toBe(messages.forbidden);
      }
      expect((await post('/api/center_add', center, staff)).status).toBe(403);
    });
  });

  describe('tags', () => {
    let tag: NonNullable<Body['data']>;
    it.each([[{}], [{ name: '   ' }]])('tag_add %j: Tag name is required.', async (input) => {
      const { status, body } = await post('/api/tag_add', input);
      expect(status).toBe(422);
      expect(body.message).toBe(messages.tagRequired);
      expect(body.errors).toEqual({ name: [messages.tagRequired] });
    });

    it('the demo seed files document tags, so a fresh install can fill document rows', async () => {
      const all = await call('GET', '/api/tags_all', staff);
      expect((all.body.data as unknown as { name: string }[]).map((t) => t.name)).toEqual(
        expect.arrayContaining(DEMO_TAGS),
      );
    });

    it('add, list, tags_all, update, duplicate and delete', async () => {
      const added = await post('/api/tag_add', { name: 'Adoption Papers' });
      expect(added.status).toBe(200);
      tag = added.body.data!;
      expect(tag).toMatchObject({ name: 'Adoption Papers' });
      expect((await post('/api/tag_add', { name: 'adoption papers' })).body.message).toBe(adminMessages.tagTaken);
      const list = await call('GET', '/api/tags');
      expect((list.body.data as unknown as { id: number }[])[0].id).toBe(tag.id);
      const all = await call('GET', '/api/tags_all', staff);
      expect(all.status).toBe(200);
      expect(all.body.data).toContainEqual({ id: tag.id, name: 'Adoption Papers' });
      expect((await post('/api/tag_update', { id: tag.id, name: '' })).body.message).toBe(messages.tagRequired);
      const updated = await post('/api/tag_update', { id: tag.id, name: 'Transfer Letter' }, admin, {
        'If-Match': `"${tag.updated_at}"`,
      });
      expect(updated.body.data).toMatchObject({ name: 'Transfer Letter' });
      expect(
        (await post('/api/tag_update', { id: tag.id, name: 'X' }, admin, { 'If-Match': `"${tag.updated_at}"` })).status,
      ).toBe(409);
      const deleted = await call('DELETE', `/api/tag_delete/${tag.id}`);
      expect(deleted.body.message).toBe(messages.tagDeleted);
      expect((await h.db.select().from(tags).where(eq(tags.id, tag.id)))[0].deleted_at).not.toBeNull();
    });

    it('only administrators manage tags', async () => {
      expect((await post('/api/tag_add', { name: 'X' }, staff)).status).toBe(403);
      expect((await call('GET', '/api/tags', staff)).status).toBe(403);
    });
  });
});
