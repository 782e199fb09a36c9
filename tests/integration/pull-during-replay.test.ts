import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Device, photo } from './support/devices';
import { startTestServer, type TestServer } from './support/server';
import { pullCollection } from '../../sync/engine/pull';
import { Replayer } from '../../sync/engine/replay';
import { writeLocal } from '../../sync/engine/outbox';
import { createTransport } from '../../sync/net/transport';

/*
 * A pull and a replay at the same time (R15-R17): the page that was read before the
 * device's own write was answered must not undo that write on the device, and a full pull
 * (a backend without the delta parameters) must not remove the record the replay just made.
 */

let server: TestServer;
let specServer: TestServer;
const devices: Device[] = [];

beforeAll(async () => {
  server = await startTestServer();
  specServer = await startTestServer({ specOnly: true });
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  await server?.close();
  await specServer?.close();
});

/**
 * A device on `target` whose next children page (the first one a pull reads) is answered by
 * the server first and handed to the device only after `meanwhile` ran: the page is older
 * than what `meanwhile` did. With `bareUpdateAnswers`, its edits are answered without their
 * record, as a backend may that answers only the spec's `{ success, message }`.
 */
async function deviceWithSlowPage(target: TestServer, options: { bareUpdateAnswers?: boolean } = {}) {
  const token = await target.login('admin@demo.test');
  const hold: { meanwhile: (() => Promise<void>) | null } = { meanwhile: null };
  const d = new Device(
    async (request) => {
      const isPage = new URL(request.url).pathname.endsWith('/child-registrations') && request.method === 'POST';
      const isUpdate = new URL(request.url).pathname.endsWith('/child_update');
      let response = await target.fetch(request);
      if (isUpdate && options.bareUpdateAnswers && response.ok) {
        // A backend whose edits answer `{ success, message }` only, without the record (part 1
        // section 7: a success answer "may carry data").
        const { success, message } = (await response.json()) as { success: boolean; message?: string };
        response = Response.json({ success, message });
      }
      if (isPage && hold.meanwhile && !request.headers.get('Idempotency-Key')) {
        const meanwhile = hold.meanwhile;
        hold.meanwhile = null;
        await meanwhile();
      }
      return response;
    },
    token,
    undefined,
    { collections: ['children'] },
  );
  devices.push(d);
  const transport = createTransport({
    baseUrl: () => 'http://ashray.test/api/',
    token: () => token,
    fetch: d.net.fetch,
  });
  /** Writes on the device and sends it through its own replayer, as Background Sync would. */
  const writeAndSend = async (request: Parameters<typeof writeLocal>[1]) => {
    const written = await writeLocal(d.db, request);
    if (!written.ok) throw new Error(written.message);
    expect((await new Replayer({ db: d.db, transport }).run()).sent).toBe(1);
    return written.cid;
  };
  return { d, hold, transport, writeAndSend };
}

describe('a pull that meets the device own writes', () => {
  it('R17: a page read before an edit was answered does not put the older record back', async () => {
    const { d, hold, transport, writeAndSend } = await deviceWithSlowPage(server);
    const name = `Slow page ${Date.now()}`;
    const cid = await writeAndSend({
      entity: 'children',
      op: 'create',
      fields: server.validChild(name),
      files: { image: photo() },
    });
    await d.db.syncState.delete('children'); // the next page lists the child again, as it is now

    hold.meanwhile = async () => {
      await writeAndSend({ entity: 'children', op: 'update', cid, fields: { name: `${name} renamed` } });
    };
    await pullCollection({ db: d.db, transport }, 'children');
    expect(hold.meanwhile).toBeNull();

    const held = await d.db.entity('children').get(cid);
    const [onServer] = await server.childrenNamed(name, await server.login('admin@demo.test'));
    expect(onServer).toMatchObject({ name: `${name} renamed` });
    expect(held).toMatchObject({ name: `${name} renamed`, _sync: 'synced' });
    expect((held!._base as { updated_at: string }).updated_at).toBe(onServer!.updated_at);
    expect(await d.db.conflicts.count()).toBe(0);
  });

  it('R17: against a backend whose edits answer without their record, a full page asked before an edit was accepted does not put the older record back', async () => {
    const { d, hold, transport, writeAndSend } = await deviceWithSlowPage(specServer, { bareUpdateAnswers: true });
    const name = `Bare answers ${Date.now()}`;
    const cid = await writeAndSend({
      entity: 'children',
      op: 'create',
      fields: specServer.validChild(name),
      files: { image: photo() },
    });
    await pullCollection({ db: d.db, transport }, 'children'); // the device holds the record as listed
    expect(await d.db.entity('children').get(cid)).toMatchObject({ name, _sync: 'synced' });

    hold.meanwhile = async () => {
      await writeAndSend({ entity: 'children', op: 'update', cid, fields: { name: `${name} renamed` } });
    };
    const result = await pullCollection({ db: d.db, transport }, 'children');
    expect(result.mode).toBe('full');
    expect(hold.meanwhile).toBeNull();
    const [onServer] = await specServer.childrenNamed(name, await specServer.login('admin@demo.test'));
    expect(onServer).toMatchObject({ name: `${name} renamed` });
    // The edit's answer carried no record: the device's row is its only newer copy, and stays.
    expect(await d.db.entity('children').get(cid)).toMatchObject({ name: `${name} renamed`, _sync: 'synced' });

    // The next full page is asked after the edit was accepted, and brings the server's record.
    await pullCollection({ db: d.db, transport }, 'children');
    const after = (await d.db.entity('children').get(cid))!;
    expect(after).toMatchObject({ name: `${name} renamed`, _sync: 'synced' });
    expect((after._base as { updated_at: string }).updated_at).toBe(onServer!.updated_at);
    expect(await d.db.conflicts.count()).toBe(0);
  });

  it('R16: a full pull does not remove the record the replay made while its pages were read', async () => {
    const { d, hold, transport, writeAndSend } = await deviceWithSlowPage(specServer);
    let made = '';
    hold.meanwhile = async () => {
      made = await writeAndSend({
        entity: 'children',
        op: 'create',
        fields: specServer.validChild(`Made meanwhile ${Date.now()}`),
        files: { image: photo() },
      });
    };
    const result = await pullCollection({ db: d.db, transport }, 'children');
    expect(result.mode).toBe('full');
    expect(made).not.toBe('');
    expect(await d.db.entity('children').get(made)).toMatchObject({ _sync: 'synced', id: expect.any(Number) });

    // The next full pull lists it, and removes only what the server no longer has.
    await pullCollection({ db: d.db, transport }, 'children');
    expect(await d.db.entity('children').get(made)).toMatchObject({ _sync: 'synced' });
  });

  it('R16: a listing that moved while its pages were read (a record removed elsewhere) removes nothing the server still lists; the next steady one removes what is gone', async () => {
    const token = await specServer.login('admin@demo.test');
    const other = new Device(specServer.fetch, token, 'other-device', { collections: ['children'] });
    devices.push(other);
    const made = await other.engine.write({
      entity: 'children',
      op: 'create',
      fields: specServer.validChild(`Removed elsewhere ${Date.now()}`),
      files: { image: photo() },
    });
    if (!made.ok) throw new Error(made.message);
    await other.engine.replay();

    const { d, hold, transport } = await deviceWithSlowPage(specServer);
    const pull = () => pullCollection({ db: d.db, transport, perPage: 50 }, 'children');
    await pull();
    const removedId = (await other.db.entity('children').get(made.cid))!.id as number;
    expect(await d.db.entity('children').where('id').equals(removedId).count()).toBe(1);

    // The newest child, on the first page, is deleted once that page is read: every later
    // record moves up one place, and the first of page 2 is on no page this pull reads.
    hold.meanwhile = async () => {
      const removed = await other.engine.write({ entity: 'children', op: 'delete', cid: made.cid });
      if (!removed.ok) throw new Error(removed.message);
      await other.engine.replay();
      expect(await other.db.outbox.count()).toBe(0);
    };
    await pull();
    expect(hold.meanwhile).toBeNull();
    const listed = await specServer.childrenNamed('', token);
    const held = new Set((await d.db.entity('children').toArray()).map((c) => c.id));
    expect(listed.filter((c) => !held.has(c.id as number)).map((c) => c.id)).toEqual([]);

    // A steady listing removes what the server no longer has.
    await pull();
    expect(await d.db.entity('children').where('id').equals(removedId).count()).toBe(0);
    expect(await d.db.entity('children').count()).toBe(listed.length);
  });
});
