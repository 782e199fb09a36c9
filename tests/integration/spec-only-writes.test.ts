import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Device, photo } from './support/devices';
import { startTestServer, type TestServer } from './support/server';
import { resolveConflict } from '../../sync/engine/review';

/*
 * R7, R11-R14 against a backend of the documented calls only (SPEC_ONLY, as the trust's):
 * it ignores If-Match and Idempotency-Key (DESIGN.md, The wire: our extensions), so the
 * replayer reads /child_view/{id} before an update and looks a lost create up in
 * /child-registrations before sending it again (sync/engine/documented-checks.ts).
 */

let server: TestServer;
let token: string;
const devices: Device[] = [];
let seq = 0;
const unique = (label: string) => `Spec ${label} ${Date.now().toString(36)} ${++seq}`;

beforeAll(async () => {
  server = await startTestServer({ specOnly: true });
  token = await server.login('admin@demo.test');
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  await server?.close();
});

/**
 * A device that has synced once, so it knows this server lacks our extensions; with
 * `synced: false` one just signed in, its first sync not ended: nothing known of the server.
 */
async function device({ synced = true } = {}): Promise<Device> {
  const d = new Device(server.fetch, token, undefined, { collections: ['children', 'history'] });
  devices.push(d);
  if (synced) await d.engine.sync();
  return d;
}

async function createChild(d: Device, name: string) {
  const result = await d.engine.write({
    entity: 'children',
    op: 'create',
    fields: server.validChild(name),
    files: { image: photo() },
  });
  if (!result.ok) throw new Error(result.message);
  return result.cid;
}

/** Device `b`'s copy of the child device `a` created and sent. */
async function sharedChild(a: Device, b: Device, name: string) {
  const cidA = await createChild(a, name);
  await a.engine.replay();
  const id = (await a.db.entity('children').get(cidA))!.id as number;
  await b.engine.sync();
  const rowB = await b.db.entity('children').where('id').equals(id).first();
  expect(rowB).toBeDefined();
  return { id, cidA, cidB: rowB!.cid };
}

const sentSince = (d: Device, from: number) => d.net.delivered.slice(from);

describe('writes against a backend without If-Match and Idempotency-Key (SPEC_ONLY)', () => {
  it('R11/R12/R14: an edit of a field changed on the server since the base is a conflict found through /child_view; keeping mine sends one update', async () => {
    const [a, b] = [await device(), await device()];
    const { id, cidA, cidB } = await sharedChild(a, b, unique('conflict'));

    await a.engine.write({ entity: 'children', op: 'update', cid: cidA, fields: { f_name: 'Ravi' } });
    await a.engine.replay();
    await b.engine.write({ entity: 'children', op: 'update', cid: cidB, fields: { f_name: 'Mohan' } });
    const from = b.net.delivered.length;
    await b.engine.replay();
    // The server would have taken a stale write: the view was read and nothing was sent.
    expect(sentSince(b, from)).toEqual([`GET /api/child_view/${id}`]);
    const [conflict] = await b.db.conflicts.toArray();
    expect(conflict).toMatchObject({ cid: cidB, mine: { f_name: 'Mohan' }, theirs: { f_name: 'Ravi' } });
    expect((await b.db.entity('children').get(cidB))?._sync).toBe('conflict');
    expect((await server.childrenNamed(String(conflict.theirs!.name), token))[0]).toMatchObject({ f_name: 'Ravi' });

    await resolveConflict(b.db, conflict.id!, 'mine');
    const resolved = b.net.delivered.length;
    await b.engine.replay();
    expect(sentSince(b, resolved).filter((r) => r.startsWith('POST'))).toEqual(['POST /api/child_update']);
    expect(await b.db.outbox.count()).toBe(0);
    expect((await server.childrenNamed(String(conflict.theirs!.name), token))[0]).toMatchObject({ f_name: 'Mohan' });
    expect((await b.db.entity('children').get(cidB))?._sync).toBe('synced');
  });

  it('R12: edits of different fields on both sides merge onto the server record without review', async () => {
    const [a, b] = [await device(), await device()];
    const name = unique('merge');
    const { cidA, cidB } = await sharedChild(a, b, name);
    // An update sends the whole record (replay.ts): unchecked, b's would put the old address back.
    await a.engine.write({ entity: 'children', op: 'update', cid: cidA, fields: { address: 'Platform 2, Howrah' } });
    await a.engine.replay();
    await b.engine.write({ entity: 'children', op: 'update', cid: cidB, fields: { f_name: 'Suresh' } });
    await b.engine.replay();
    expect(await b.db.conflicts.count()).toBe(0);
    expect(await b.db.outbox.count()).toBe(0);
    expect((await server.childrenNamed(name, token))[0]).toMatchObject({
      address: 'Platform 2, Howrah',
      f_name: 'Suresh',
    });
  });

  it('R13: an edit of a child deleted on the server goes to review; a delete of one already gone is done', async () => {
    const [a, b] = [await device(), await device()];
    const { cidA, cidB } = await sharedChild(a, b, unique('gone'));
    await a.engine.write({ entity: 'children', op: 'delete', cid: cidA, fields: {} });
    await a.engine.replay();
    expect(await a.db.outbox.count()).toBe(0);
    await b.engine.write({ entity: 'children', op: 'update', cid: cidB, fields: { f_name: 'Late' } });
    await b.engine.replay();
    expect(await b.db.conflicts.where('cid').equals(cidB).first()).toMatchObject({ theirs: null });

    const [c, d] = [await device(), await device()];
    const other = await sharedChild(c, d, unique('gone twice'));
    await c.engine.write({ entity: 'children', op: 'delete', cid: other.cidA, fields: {} });
    await c.engine.replay();
    await d.engine.write({ entity: 'children', op: 'delete', cid: other.cidB, fields: {} });
    await d.engine.replay();
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.conflicts.count()).toBe(0);
  });

  it.each([['drop-response'], ['timeout'], ['drop-request'], ['status-500']] as const)(
    'R7: a create meeting %s is on the server exactly once: the retry first looks it up in the documented list',
    async (fault) => {
      const d = await device();
      const name = unique(fault);
      const cid = await createChild(d, name);
      d.net.inject(fault);
      await d.engine.replay();
      expect((await d.db.outbox.toArray())[0]).toMatchObject({ status: 'queued', attempts: 1, sent: true });
      const from = d.net.delivered.length;
      await d.engine.replay();
      expect(await d.db.outbox.count()).toBe(0);
      const onServer = await server.childrenNamed(name, token);
      expect(onServer).toHaveLength(1);
      expect((await d.db.entity('children').get(cid))?.id).toBe(onServer[0].id);
      // The lookup came first; a create went out again only when the first never landed.
      const retried = sentSince(d, from);
      expect(retried[0]).toBe('POST /api/child-registrations');
      const landed = fault === 'drop-response';
      expect(retried.includes('POST /api/child_add')).toBe(!landed);
    },
  );

  it('R7: before its first sync has ended (what the server lacks not known yet), a lost create is looked up before it goes again', async () => {
    const d = await device({ synced: false });
    const name = unique('unprobed');
    const cid = await createChild(d, name);
    d.net.inject('drop-response');
    await d.engine.replay();
    const from = d.net.delivered.length;
    await d.engine.replay();
    const onServer = await server.childrenNamed(name, token);
    expect(onServer).toHaveLength(1);
    expect((await d.db.entity('children').get(cid))?.id).toBe(onServer[0].id);
    expect(sentSince(d, from)).toEqual(['POST /api/child-registrations']);
  });

  it('R7: a lost create of a child that a pull brought in meanwhile keeps one row on the device', async () => {
    const d = await device();
    const name = unique('pulled');
    const cid = await createChild(d, name);
    d.net.inject('drop-response');
    await d.engine.sync();
    const onServer = await server.childrenNamed(name, token);
    expect(onServer).toHaveLength(1);
    expect(await d.db.outbox.count()).toBe(0);
    const rows = await d.db
      .entity('children')
      .where('id')
      .equals(onServer[0].id as number)
      .toArray();
    expect(rows.map((r) => r.cid)).toEqual([cid]);
  });
});
