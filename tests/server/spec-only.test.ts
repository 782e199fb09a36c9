import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpointNames,
  endpoints,
  wireEndpointNames,
  wireEndpoints,
  type EndpointSpec,
  type ReportAnswer,
} from '../../sync/contract';
import { createApp } from '../../server/app';
import { specOnlyHiddenRows, specOnlyServedFileRows } from '../../server/core/spec-only';
import { createHarness, databaseKinds, DEMO_PASSWORD, json, type Harness } from './harness';
import { jpg, multipart } from './uploads';

/*
 * SPEC_ONLY=1 (server/core/spec-only.ts): the reference server answers only the
 * documented calls (spec part 1 section 7, part 2 section 7), as the trust's backend
 * does. Each test compares with the normal app over the same database, so what differs
 * is only what the mode changes.
 */

type Body = Record<string, unknown> & { data?: unknown; sync?: unknown; message?: string };

/** A concrete path of a row: every `:param` filled with something a route accepts. */
const fill = (spec: EndpointSpec) =>
  spec.path.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    name === 'name' ? 'missing.png' : name === 'status' ? 'restoration' : '1',
  );

for (const kind of databaseKinds) {
  describe(`SPEC_ONLY (${kind})`, () => {
    let h: Harness;
    let normal: ReturnType<typeof createApp>;
    let admin: string;

    /** The same request to the normal app (our extensions on) over the same database. */
    const normalRequest = (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
      const { token, json: body, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      if (body !== undefined) headers.set('content-type', 'application/json');
      return Promise.resolve(
        normal.request(path, { ...rest, headers, body: body !== undefined ? JSON.stringify(body) : rest.body }),
      );
    };

    beforeAll(async () => {
      h = await createHarness(kind, {}, { specOnly: true });
      normal = createApp({ db: h.db, fileStore: h.files, logError: () => {} });
      admin = await h.login('superadmin@demo.test');
    }, 120_000);
    afterAll(() => h.close());

    it('the hidden rows are every extension row of the table but the files a documented answer names', () => {
      const extensions = wireEndpointNames.filter((name) => 'extension' in wireEndpoints[name]);
      expect(extensions.length).toBeGreaterThan(0);
      expect([...specOnlyHiddenRows, ...specOnlyServedFileRows].sort()).toEqual([...extensions].sort());
      expect(specOnlyHiddenRows).toEqual(expect.arrayContaining(['me', 'history', 'beneficiaryDocuments']));
    });

    it('every hidden extension row answers 404 as Laravel does for a route it does not have', async () => {
      const unknown = await h.request('/api/no_such_route', { token: admin });
      expect(unknown.status).toBe(404);
      expect(await json(unknown)).toEqual({ message: 'The route api/no_such_route could not be found.' });
      for (const name of specOnlyHiddenRows) {
        const spec = wireEndpoints[name];
        const path = fill(spec);
        // Before the bearer check, as Laravel matches routes before its middleware runs.
        for (const token of [admin, undefined]) {
          const response = await h.request(`/api${path}`, {
            method: spec.method,
            token,
            ...(spec.payload === 'json' ? { json: {} } : spec.payload === 'multipart' ? { body: new FormData() } : {}),
          });
          expect({ name, status: response.status }).toEqual({ name, status: 404 });
          expect(await json(response)).toEqual({ message: `The route api${path} could not be found.` });
        }
        // The normal server has the route: it answers otherwise.
        const ours = await normalRequest(`/api${path}`, { method: spec.method, token: admin });
        expect(await ours.text()).not.toContain('could not be found');
      }
    });

    it('a documented list ignores updated_since and after_id: its Laravel page, never a sync block', async () => {
      const delta = 'updated_since=2000-01-01T00:00:00.000Z&after_id=0';
      // The normal server answers the same query with a delta page.
      const ours = await json<Body>(await normalRequest(`/api/centers?${delta}`, { token: admin }));
      expect(ours.sync).toBeDefined();
      const paged = endpointNames.filter((name) => endpoints[name].paged && !('extension' in endpoints[name]));
      expect(paged).toEqual(expect.arrayContaining(['childRegistrations', 'centers', 'restoreExitList']));
      for (const name of paged) {
        const spec = endpoints[name];
        const path = `/api${fill(spec)}`;
        const init = { method: spec.method, token: admin, ...(spec.method === 'POST' ? { json: {} } : {}) };
        const asked = await h.request(`${path}?${delta}`, init);
        const plain = await normalRequest(path, init);
        expect({ name, status: asked.status }).toEqual({ name, status: 200 });
        const body = await json<Body>(asked);
        expect(body).not.toHaveProperty('sync');
        expect(body).toHaveProperty('pagination');
        expect({ name, body }).toEqual({ name, body: await json<Body>(plain) });
      }
      // The body of a POST list still arrives whole (its filter applies) when the query is rewritten.
      const filtered = await json<Body & { data: { gender: string }[]; pagination: { total: number } }>(
        await h.request(`/api/child-registrations?${delta}`, {
          method: 'POST',
          token: admin,
          json: { gender: 'Female' },
        }),
      );
      const all = await json<Body & { pagination: { total: number } }>(
        await h.request('/api/child-registrations', { method: 'POST', token: admin, json: {} }),
      );
      expect(filtered.data.length).toBeGreaterThan(0);
      expect(filtered.data.every((row) => row.gender === 'Female')).toBe(true);
      expect(filtered.pagination.total).toBeLessThan(all.pagination.total);
      // A cursor the normal server refuses is not read at all.
      const bad = await h.request('/api/centers?updated_since=not-a-date&after_id=x', { token: admin });
      expect(bad.status).toBe(200);
      expect(await json<Body>(bad)).not.toHaveProperty('sync');
    });

    it('reports answer the spec fields without ours (till_to, categories); the details still answer', async () => {
      const to = new Date().toISOString().slice(0, 10);
      const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
      const filter = { from_date: from, to_date: to };
      const ours = (
        await json<{ data: ReportAnswer }>(
          await normalRequest('/api/reports', { method: 'POST', token: admin, json: filter }),
        )
      ).data;
      const answer = await h.request('/api/reports', { method: 'POST', token: admin, json: filter });
      expect(answer.status).toBe(200);
      const report = (await json<{ data: Record<string, unknown> }>(answer)).data;
      expect(report).not.toHaveProperty('till_to');
      expect(report).not.toHaveProperty('categories');
      // Part 2 section 3: every field the spec lists is there, with our server's values.
      const specFields = [
        'start_year',
        'end_year',
        'pre_start_year',
        'pre_end_year',
        'center_name',
        'from_date',
        'to_date',
        'centerId',
        'from_last',
        'to_last',
        'previousyeardata',
      ];
      for (const field of specFields) expect(report[field]).toEqual(ours[field]);
      expect(report.previousyeardata).toEqual({
        male: expect.any(Number),
        female: expect.any(Number),
        countgender: expect.any(Number),
      });
      const { till_to: _till, categories, ...rest } = ours;
      expect(report).toEqual(rest);
      for (const { key } of categories) {
        const block = report[key] as Record<'new' | 'pre' | 'till', unknown[]>;
        for (const period of ['new', 'pre', 'till'] as const)
          for (const cell of block[period])
            expect(Object.keys(cell as object).sort()).toEqual(['countgender', 'gender', 'search_1', 'search_2']);
      }

      const group = await h.request('/api/group_report2', { method: 'POST', token: admin, json: filter });
      expect(group.status).toBe(200);
      const groupData = (await json<{ data: Record<string, unknown> }>(group)).data;
      const groupOurs = (
        await json<{ data: Record<string, unknown> }>(
          await normalRequest('/api/group_report2', { method: 'POST', token: admin, json: filter }),
        )
      ).data;
      expect(groupData).not.toHaveProperty('categories');
      const { categories: _c, ...groupRest } = groupOurs;
      expect(groupData).toEqual(groupRest);
      for (const field of ['AllCenterList', 'totalsum', 'previous_balance', 'date_range'])
        expect(groupData).toHaveProperty(field);

      const key = categories
        .map((c) => c.key)
        .find((k) => (report[k] as { new: { countgender: number }[] }).new.some((c) => c.countgender > 0))!;
      const details = { ...filter, where: 'category', value: key, where1: 'novalue', value1: 'novalue' };
      for (const path of ['/api/single_report', '/api/group_single_report']) {
        const rows = await h.request(path, {
          method: 'POST',
          token: admin,
          json: { ...details, gender: 'Male', isTotal: 'yes' },
        });
        expect({ path, status: rows.status }).toEqual({ path, status: 200 });
        const page = await json<{ data: Record<string, unknown>[]; pagination: { total: number } }>(rows);
        expect(page.pagination.total).toBeGreaterThan(0);
        expect(page.data[0]).toMatchObject({ name: expect.any(String), history_status: expect.any(String) });
      }
    });

    it("center names answer the spec's id and name, without our unique_centerId", async () => {
      const ours = await json<{ data: Record<string, unknown>[] }>(
        await normalRequest('/api/centers_list', { token: admin }),
      );
      expect(ours.data[0]).toHaveProperty('unique_centerId');
      const answer = await h.request('/api/centers_list', { token: admin });
      expect(answer.status).toBe(200);
      const rows = (await json<{ data: Record<string, unknown>[] }>(answer)).data;
      expect(rows).toEqual(ours.data.map(({ id, name }) => ({ id, name })));
    });

    it('If-Match and Idempotency-Key are ignored (our extensions, DESIGN.md The wire): a stale update writes, a repeated create creates again', async () => {
      const headers = (key: string) => ({ 'Idempotency-Key': key });
      const name = `Spec Only Scheme ${Date.now()}`;
      const key = crypto.randomUUID();
      const first = await json<{ data: { id: number; updated_at: string } }>(
        await h.request('/api/sps_add', {
          method: 'POST',
          token: admin,
          headers: headers(key),
          json: { name, status: 1 },
        }),
      );
      // The same key again: the normal server answers the stored answer (R7); this one creates again.
      const second = await json<{ data: { id: number } }>(
        await h.request('/api/sps_add', {
          method: 'POST',
          token: admin,
          headers: headers(key),
          json: { name, status: 1 },
        }),
      );
      expect(second.data.id).not.toBe(first.data.id);
      const replayed = await json<{ data: { id: number } }>(
        await normalRequest('/api/sps_add', {
          method: 'POST',
          token: admin,
          headers: headers(key),
          json: { name, status: 1 },
        }),
      );
      expect(replayed.data.id).not.toBe(first.data.id);
      const again = await json<{ data: { id: number } }>(
        await normalRequest('/api/sps_add', {
          method: 'POST',
          token: admin,
          headers: headers(key),
          json: { name, status: 1 },
        }),
      );
      expect(again.data.id).toBe(replayed.data.id);

      // A stale If-Match: the normal server answers 409 with the record (R11); this one writes.
      const stale = { 'If-Match': '"2000-01-01T00:00:00.000Z"' };
      const refused = await normalRequest('/api/sps_update', {
        method: 'POST',
        token: admin,
        headers: stale,
        json: { id: first.data.id, name: `${name} ours`, status: 1 },
      });
      expect(refused.status).toBe(409);
      const written = await h.request('/api/sps_update', {
        method: 'POST',
        token: admin,
        headers: stale,
        json: { id: first.data.id, name: `${name} theirs`, status: 1 },
      });
      expect(written.status).toBe(200);
      expect((await json<{ data: { name: string } }>(written)).data.name).toBe(`${name} theirs`);
    });

    it('sign-in works and a documented write (quick add) saves; its photo is served at the answer image_path', async () => {
      const login = await h.request('/api/login', {
        method: 'POST',
        json: { emailId: 'admin@demo.test', password: DEMO_PASSWORD },
      });
      expect(login.status).toBe(200);
      const session = await json<Body & { data: Record<string, unknown>; image_path: string }>(login);
      expect(session.data).toMatchObject({
        token: expect.any(String),
        role: expect.anything(),
        centerId: expect.anything(),
      });
      expect(session).toHaveProperty('image_path');
      const token = session.data.token as string;

      const added = await h.request('/api/child_add_2', {
        method: 'POST',
        token,
        body: multipart({
          name: 'Spec Only',
          gender: 'Female',
          dateofarrival: '2025-04-01',
          image: jpg(),
          ReferredBy: 'action_pending',
          centerdetailId: 2,
        }),
      });
      expect(added.status).toBe(200);
      const child = await json<Body & { data: { id: number; image: string }; image_path: string }>(added);
      expect(child.data.image).toMatch(/\.jpg$/);
      const view = await json<{ image_path: string; img_profile: string; data: { name: string } }>(
        await h.request(`/api/child_view/${child.data.id}`, { token }),
      );
      expect(view.data.name).toBe('Spec Only');
      // The photo a documented answer names (image_path + image, img_profile) is still reachable.
      const photo = await h.request(`${view.image_path}${child.data.image}`, { token });
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toMatch(/^image\/jpeg/);
      expect(view.img_profile).toBe(`${view.image_path}${child.data.image}`);
    });
  });
}
