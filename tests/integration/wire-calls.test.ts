import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Device } from './support/devices';
import { startTestServer, type TestServer } from './support/server';

/*
 * The documented calls of the admin actions (spec part 1, section 7): the center status
 * toggle is POST /center_status/{id}/{status} and Set Permission POST /role_permission,
 * each its own queued entry built from its endpoint row.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin@demo.test');
});
afterAll(() => server?.close());

describe('admin actions use their documented calls', () => {
  it('Set Permission after a role is created queues POST /role_permission with the blocks', async () => {
    const d = new Device(server.fetch, token, undefined, { collections: [] });
    const created = await d.engine.write({
      entity: 'roles',
      op: 'create',
      fields: { name: `wire role ${Date.now()}` },
    });
    expect(created.ok).toBe(true);
    const cid = created.ok ? created.cid : '';
    await d.engine.replay();
    const blocks = { child_registration: { view: 1, create: 1, edit: 0, delete: 0, all: 0 } };
    const written = await d.engine.write({
      entity: 'roles',
      op: 'permission',
      cid,
      fields: { ...blocks, permissions: blocks },
    });
    expect(written.ok).toBe(true);
    await d.engine.replay();
    expect(await d.db.outbox.toArray()).toEqual([]);
    expect(d.net.delivered).toContain('POST /api/role_permission');
    const row = await d.db.entity('roles').get(cid);
    expect((row?.permissions as typeof blocks | undefined)?.child_registration?.create).toBe(1);
    await d.close();
  });
});

describe('an education, medical or MHP entry travels through its kind’s calls (spec part 1 section 7)', () => {
  const kinds = [
    ['education', { history_status: 'education', education_type: 'formal_school' }, 'education', 'education'],
    ['medical', { history_status: 'medical_issue', medical_issues: 'Fever' }, 'medical_consent', 'medical'],
    ['mhp', { history_status: 'mhp', mhp: 'Group Counselling', session_number: 'session_1' }, 'mhp', 'mhp'],
  ] as const;

  it.each(kinds)('%s: saved, changed and deleted against the real server (R8, R11)', async (op, fields, save, kind) => {
    const d = new Device(server.fetch, token, undefined, { collections: [] });
    const [child] = await server.childrenNamed('', token);
    const written = await d.engine.write({
      entity: 'historyActions',
      op,
      fields: { childregId: child!.id, transfer_date: '2026-01-10', comment: 'first', ...fields },
    });
    if (!written.ok) throw new Error(written.message);
    await d.engine.replay();
    const id = (await d.db.entity('history').get(written.cid))!.id as number;
    expect(d.net.delivered).toContain(`POST /api/${save}`);

    expect(
      (await d.engine.write({ entity: 'history', op: 'update', cid: written.cid, fields: { comment: 'changed' } })).ok,
    ).toBe(true);
    await d.engine.replay();
    expect(d.net.delivered).toContain(`POST /api/update_${kind}`);
    expect((await d.db.entity('history').get(written.cid))!._base).toMatchObject({ id, comment: 'changed' });

    expect((await d.engine.write({ entity: 'history', op: 'delete', cid: written.cid })).ok).toBe(true);
    await d.engine.replay();
    expect(d.net.delivered).toContain(`DELETE /api/${kind}_delete/${id}`);
    expect(await d.db.outbox.toArray()).toEqual([]);
    const listed = await server.request(`/api/${kind}_lists/${String(child!.id)}`, { token });
    expect(((await listed.json()) as { data: { id: number }[] }).data.map((e) => e.id)).not.toContain(id);
    await d.close();
  });
});
