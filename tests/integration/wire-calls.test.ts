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
