import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppDb } from '../../sync/db/app-db';
import { SyncEngine } from '../../sync/engine/engine';
import { syncStatusStore } from '../../sync/engine/sync-status';
import { createTransport, setRequestTimeouts } from '../../sync/net/transport';
import { Device } from './support/devices';
import { startTestServer, type TestServer } from './support/server';

/*
 * A connection that says online and never answers (part 2, DESIGN notes: the device's data
 * stands in): a real HTTP server that accepts every connection and never replies. Reads end
 * at their timeout; a sync page is asked again with backoff, and a run whose page never
 * comes ends as a retryable 'timeout', which the header tells as a slow connection (R10).
 */

let silent: Server;
let base = '';
const received: string[] = [];
let server: TestServer;
let token: string;
const dbs: AppDb[] = [];
const devices: Device[] = [];

beforeAll(async () => {
  silent = createServer((request) => received.push(`${request.method} ${request.url}`));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api/`;
  server = await startTestServer();
  token = await server.login('admin@demo.test');
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  for (const db of dbs) await db.delete();
  await Promise.all(devices.map((d) => d.close()));
  await server?.close();
});

let restore: () => void = () => undefined;
afterEach(() => {
  restore();
  received.length = 0;
});

describe('a server that accepts and never answers', () => {
  it('a read ends at its timeout as a retryable timeout', async () => {
    // Long enough for the request to reach the silent server on a busy box (at 150 ms it was
    // once given up before it was sent), short against the 5 s the test allows.
    restore = setRequestTimeouts({ readMs: 1_000 });
    const transport = createTransport({ baseUrl: () => base, token: () => 't' });
    const started = Date.now();
    const error = await transport.request('GET', '/centers_list').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SyncError', reason: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(received).toEqual(['GET /api/centers_list']);
  });

  it('a sync page is asked three times with backoff, then the run ends as a slow connection, not an error to act on', async () => {
    restore = setRequestTimeouts({ pageMs: 150 });
    const db = new AppDb(`slow-${Date.now()}`);
    dbs.push(db);
    const engine = new SyncEngine({
      db,
      transport: createTransport({ baseUrl: () => base, token: () => 't' }),
      collections: ['children'],
      random: () => 0.5,
      server: () => base,
    });
    syncStatusStore.setState({ error: null, lastSyncAt: null });
    const run = await engine.sync();
    expect(run.pulled).toEqual([]);
    expect(received.filter((r) => r.includes(' /api/child-registrations?'))).toHaveLength(3);
    expect(syncStatusStore.getState()).toMatchObject({
      syncing: false,
      lastSyncAt: null,
      error: { reason: 'timeout' },
    });
  });
});

describe('a page that times out once', () => {
  it('is asked again inside the run, and the run completes', async () => {
    restore = setRequestTimeouts({ pageMs: 150 });
    const d = new Device(server.fetch, token, undefined, { collections: ['children'] });
    devices.push(d);
    d.net.inject('hang');
    syncStatusStore.setState({ error: null });
    const run = await d.engine.sync();
    expect(d.net.pendingFaults).toBe(0); // the first try met the hang
    expect(run.pulled).toMatchObject([{ collection: 'children' }]);
    expect(await d.db.entity('children').count()).toBeGreaterThan(0);
    expect(syncStatusStore.getState().error).toBeNull();
    expect(d.net.delivered.filter((r) => r.endsWith(' /api/child-registrations')).length).toBeGreaterThan(0);
  });
});
