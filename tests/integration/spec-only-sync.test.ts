import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Device } from './support/devices';
import { startTestServer, type TestServer } from './support/server';
import { syncStatusStore } from '../../sync/engine/sync-status';
import { missingKey } from '../../sync/engine/missing-extensions';

let server: TestServer;
let token: string;
let specServer: TestServer;
let specToken: string;
const devices: Device[] = [];

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin@demo.test');
  specServer = await startTestServer({ specOnly: true });
  specToken = await specServer.login('admin@demo.test');
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  await server?.close();
  await specServer?.close();
});

describe('a backend without our extensions (DESIGN.md, fallback)', () => {
  it('a sync completes with no error, children arrive, and the missing extensions are remembered per server', async () => {
    const asked: string[] = [];
    const d = new Device((r) => (asked.push(new URL(r.url).pathname), specServer.fetch(r)), specToken, undefined, {
      collections: ['children', 'history'],
    });
    devices.push(d);
    const run = await d.engine.sync();
    // Documented lists without a `sync` block: every page and a diff, not an error.
    expect(run.pulled).toMatchObject([{ collection: 'children', mode: 'full' }]);
    const status = syncStatusStore.getState();
    expect(status.error).toBeNull();
    expect(status.lastSyncAt).not.toBeNull();
    expect(status.missing).toEqual(['history']);
    expect(await d.db.entity('children').count()).toBeGreaterThan(0);
    const row = await d.db.syncState.get(missingKey('http://ashray.test/api/'));
    expect(JSON.parse(row!.cursor!)).toEqual(['history']);
    // Remembered: the next sync does not ask for the missing list again until the re-probe is due.
    asked.length = 0;
    await d.engine.sync();
    expect(asked.filter((p) => p.endsWith('/history'))).toEqual([]);
    expect(syncStatusStore.getState()).toMatchObject({ error: null, missing: ['history'] });
  });

  it('a listing the device already holds is not written again; a changed record is', async () => {
    const d = new Device(specServer.fetch, specToken, undefined, { collections: ['children'] });
    devices.push(d);
    await d.engine.sync();
    const children = d.db.entity('children');
    const held = await children.count();
    expect(held).toBeGreaterThan(0);
    const written: unknown[] = [];
    const onCreate = (key: unknown) => void written.push(key);
    const onUpdate = (_: unknown, key: unknown) => void written.push(key);
    children.hook('creating', onCreate);
    children.hook('updating', onUpdate);
    try {
      // Every page of the documented list again (R16), and not one row rewritten.
      const again = await d.engine.sync();
      expect(again.pulled).toMatchObject([{ collection: 'children', mode: 'full', rows: held }]);
      expect(written).toEqual([]);

      // Another device's edit comes through the same listing: that record, and only it, is written.
      const other = new Device(specServer.fetch, specToken, undefined, { collections: ['children'] });
      devices.push(other);
      await other.engine.sync();
      const [first] = await other.db.entity('children').orderBy('id').limit(1).toArray();
      await other.engine.write({
        entity: 'children',
        op: 'update',
        cid: first!.cid,
        fields: { f_name: 'Changed Elsewhere' },
      });
      await other.engine.replay();
      expect(await other.db.outbox.count()).toBe(0);
      await d.engine.sync();
      expect(written).toEqual([`s${first!.id}`]);
      expect(await children.get(`s${first!.id}`)).toMatchObject({ f_name: 'Changed Elsewhere', _sync: 'synced' });
    } finally {
      children.hook('creating').unsubscribe(onCreate);
      children.hook('updating').unsubscribe(onUpdate);
    }
  });

  it('the normal server keeps the delta pull and misses nothing', async () => {
    const d = new Device(server.fetch, token, undefined, { collections: ['children', 'history'] });
    devices.push(d);
    const run = await d.engine.sync();
    expect(syncStatusStore.getState()).toMatchObject({ error: null, missing: [] });
    expect(run.pulled.map((p) => p.mode)).toEqual(['delta', 'delta']);
  });
});
