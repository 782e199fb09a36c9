import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Device, photo } from './support/devices';
import { startTestServer, type TestServer } from './support/server';
import { REPLAY_CONCURRENCY } from '../../sync/engine/replay';
import { syncStatusStore } from '../../sync/engine/sync-status';
import { LAST_SENT } from '../../sync/engine/marks';

/*
 * A failure of this device while replaying (R9, R10), not an answer of the server: IndexedDB
 * could not read a queued entry's file to build its request, or a transaction of the replay
 * failed. The drain ends without an unhandled rejection, nothing new goes out, the entry
 * stays queued with what went wrong, and the sync status says it for the sync screen.
 */

let server: TestServer;
let token: string;
const devices: Device[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin@demo.test');
  process.on('unhandledRejection', onUnhandled);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await Promise.all(devices.map((d) => d.close()));
  await server?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  syncStatusStore.setState({ error: null });
});

function device(): Device {
  const d = new Device(server.fetch, token, undefined, { collections: ['children'] });
  devices.push(d);
  return d;
}

const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** The child with a photo first, then `others` children without one; their cids in that order. */
async function queue(d: Device, withPhoto: string, others: string[]): Promise<string[]> {
  const cids: string[] = [];
  const requests = [
    { fields: server.validChild(withPhoto), files: { image: photo() } },
    ...others.map((name) => ({ fields: server.validChild(name) })),
  ];
  for (const request of requests) {
    const written = await d.engine.write({ entity: 'children', op: 'create', ...request });
    if (!written.ok) throw new Error(written.message);
    cids.push(written.cid);
  }
  return cids;
}

/** Waits a moment for a rejection nobody handled to be reported. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a failure on this device during replay', () => {
  it('R9/R10: a file that cannot be read leaves its entry queued with what went wrong; the drain ends and the status says it', async () => {
    const d = device();
    const photoName = unique('unreadable-photo');
    const others = Array.from({ length: REPLAY_CONCURRENCY * 2 }, (_, i) => unique(`beside-${i}`));
    const [photoCid] = await queue(d, photoName, others);
    const files = vi.spyOn(d.db.files, 'get').mockRejectedValue(new Error('The file store is unreadable'));

    const summary = await d.engine.replay();
    await settle();
    expect(unhandled).toEqual([]);
    expect(summary.error).toContain('could not read or write its queued changes (The file store is unreadable)');
    expect(summary.sent).toBeLessThan(REPLAY_CONCURRENCY); // those already on the wire; nothing went after
    expect(syncStatusStore.getState().error).toEqual({ reason: 'device', message: summary.error });

    const left = await d.db.outbox.orderBy('seq').toArray();
    expect(left).toHaveLength(1 + others.length - summary.sent);
    expect(left.map((e) => e.status)).toEqual(left.map(() => 'queued'));
    const [stuck, ...waiting] = left;
    expect(stuck).toMatchObject({ cid: photoCid, lastError: summary.error, attempts: 0 });
    // The entries after the failure never went out (R3: they may still take edits).
    expect(waiting.filter((e) => e.sent)).toEqual([]);
    expect(d.net.delivered.length).toBe(summary.sent);

    // The device reads its files again: the next sync sends everything, each once, and clears the error.
    files.mockRestore();
    await d.engine.sync();
    expect(await d.db.outbox.count()).toBe(0);
    expect(syncStatusStore.getState().error).toBeNull();
    for (const name of [photoName, ...others]) expect(await server.childrenNamed(name, token)).toHaveLength(1);
    const [child] = await server.childrenNamed(photoName, token);
    expect(child.image).toBeTruthy();
    expect(unhandled).toEqual([]);
  });

  it('R9: a replay transaction that fails keeps every entry, and the next drain sends each under its own key', async () => {
    const d = device();
    const names = [unique('first'), ...Array.from({ length: REPLAY_CONCURRENCY }, (_, i) => unique(`next-${i}`))];
    await queue(d, names[0], names.slice(1));
    const before = await d.db.outbox.orderBy('seq').toArray();
    // The transaction that applies the first answers (and claims the next entries) fails.
    const put = d.db.syncState.put.bind(d.db.syncState);
    const failing = vi.spyOn(d.db.syncState, 'put').mockImplementation((row, key) => {
      if (row.collection === LAST_SENT) throw new Error('Disk I/O error');
      return put(row, key);
    });

    const summary = await d.engine.replay();
    await settle();
    expect(unhandled).toEqual([]);
    expect(summary).toMatchObject({ sent: 0 });
    expect(summary.error).toContain('(Disk I/O error)');
    expect(syncStatusStore.getState().error).toEqual({ reason: 'device', message: summary.error });
    // Answered but not applied: still in the outbox, sent again under the same key (R7).
    expect(await d.db.outbox.count()).toBe(before.length);

    failing.mockRestore();
    await d.engine.replay();
    expect(await d.db.outbox.count()).toBe(0);
    for (const name of names) expect(await server.childrenNamed(name, token)).toHaveLength(1);
    for (const entry of before) {
      const row = await d.db.entity('children').get(entry.cid);
      expect(row).toMatchObject({ _sync: 'synced' });
      expect(typeof row!.id).toBe('number');
    }
    expect(unhandled).toEqual([]);
  });
});
