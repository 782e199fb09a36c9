import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { setFetch, appTransport } from '../../../sync/net/transport';
import { currentDb, sessionStore, signIn, signOut } from '../../../sync/device/session';
import { connectivityStore } from '../../../sync/device/connectivity';
import { deviceId, recordAccess, sendAccessLog } from '../../../sync/device/access-log';
import { accessLogBatchSchema, MAX_ACCESS_BATCH_CHILDREN } from '../../../sync/contract';
import { logAccess } from '../../../sync/public-api';
import { json, loginUser } from '../support/login-answer';
import { dropDataKey } from '../../../sync/db/seal';

const user = loginUser({
  id: 9,
  token: 'tok-9',
  name: 'Viewer',
  email: 'viewer@demo.test',
  role: { id: 3, name: 'viewer', permissions: null },
  centerId: 1,
});

type Posted = {
  entries: { key: string; child_ids: number[]; offline: boolean; device_id: string; subject: string | null }[];
};

/** A server that answers login/logout and /access_log as `accessLog` says, recording each batch it got. */
function server(accessLog: () => Response | 'offline') {
  const batches: Posted[] = [];
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    if (path === '/api/login') return json(200, { success: true, data: user });
    if (path === '/api/logout') return json(200, { success: true, message: 'Logout successfully' });
    if (path === '/api/access_log') {
      const answer = accessLog();
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      batches.push((await request.json()) as Posted);
      return answer;
    }
    throw new TypeError('Failed to fetch');
  });
  return batches;
}
const stored = () => json(200, { success: true, data: { received: 1, stored: 1 } });

describe('the access log on the device', () => {
  beforeEach(async () => {
    // Signed out, as each test starts: a send the last test left behind finds the data locked.
    dropDataKey();
    localStorage.clear();
    for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
    sessionStore.setState({ status: 'signed-out', user: null });
    connectivityStore.setState({ online: true });
  });
  afterEach(() => {
    setFetch(undefined);
    connectivityStore.setState({ online: true });
  });

  it('queues each access with this device, the time and whether it was offline, and leaves out children without an id', async () => {
    server(stored);
    await signIn({ email: 'viewer@demo.test', password: 'demo1234' });
    connectivityStore.setState({ online: false });
    expect(await recordAccess(currentDb(), { action: 'profile_view', childIds: [12], subject: 'overview' })).toBe(1);
    expect(await recordAccess(currentDb(), { action: 'profile_view', childIds: [] })).toBe(0);
    expect(await recordAccess(currentDb(), { action: 'csv_export', childIds: [], subject: 'Report List' })).toBe(1);
    const rows = await currentDb().accessQueue.orderBy('seq').toArray();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ action: 'profile_view', child_ids: [12], offline: true, subject: 'overview' });
    expect(rows[0].device_id).toBe(deviceId());
    expect(deviceId()).toBe(localStorage.getItem('ashray-device-id'));
    expect(rows[1]).toMatchObject({ action: 'csv_export', child_ids: [] });
  });

  it('splits a list of more children than an entry holds into numbered parts, and sends them in batches the server accepts', async () => {
    const batches = server(stored);
    await signIn({ email: 'viewer@demo.test', password: 'demo1234' });
    const many = Array.from({ length: 4_500 }, (_, i) => i + 1);
    expect(await recordAccess(currentDb(), { action: 'report_details', childIds: many, subject: 'Report' })).toBe(5);
    const result = await sendAccessLog(currentDb(), appTransport());
    expect(result).toEqual({ sent: 5, left: 0, missing: false });
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(accessLogBatchSchema.safeParse(batch).success).toBe(true);
    const sentIds = batches.flatMap((b) => b.entries.flatMap((e) => e.child_ids));
    expect(sentIds).toEqual(many);
    expect(
      batches.every((b) => b.entries.reduce((n, e) => n + e.child_ids.length, 0) <= MAX_ACCESS_BATCH_CHILDREN),
    ).toBe(true);
    expect(batches.flatMap((b) => b.entries.map((e) => e.subject))).toEqual([
      'Report part 1/5',
      'Report part 2/5',
      'Report part 3/5',
      'Report part 4/5',
      'Report part 5/5',
    ]);
    expect(await currentDb().accessQueue.count()).toBe(0);
  });

  it('keeps the entries when the send fails, and sends the same keys again next time', async () => {
    let reachable = false;
    const batches = server(() => (reachable ? stored() : 'offline'));
    await signIn({ email: 'viewer@demo.test', password: 'demo1234' });
    await recordAccess(currentDb(), { action: 'document_view', childIds: [5], subject: 'document 3' });
    expect(await sendAccessLog(currentDb(), appTransport())).toEqual({ sent: 0, left: 1, missing: false });
    const [queued] = await currentDb().accessQueue.toArray();
    reachable = true;
    expect(await sendAccessLog(currentDb(), appTransport())).toEqual({ sent: 1, left: 0, missing: false });
    expect(batches[0].entries[0].key).toBe(queued.key);
  });

  it('a child registered on this device is named by its local record until it has an id; a discarded one names nobody', async () => {
    const batches = server(stored);
    await signIn({ email: 'viewer@demo.test', password: 'demo1234' });
    const children = currentDb().entity('children');
    await children.bulkPut([
      { cid: 'local-1', name: 'Not sent yet', _sync: 'pending' },
      { cid: 'local-2', name: 'Discarded', _sync: 'pending' },
    ]);
    await recordAccess(currentDb(), {
      action: 'profile_view',
      childIds: [],
      childCids: ['local-1'],
      subject: 'overview',
    });
    await recordAccess(currentDb(), { action: 'profile_view', childIds: [], childCids: ['local-2'], subject: 'basic' });
    await recordAccess(currentDb(), { action: 'profile_view', childIds: [12], subject: 'overview' });
    // Only the child the server knows goes; the others wait for their ids.
    expect(await sendAccessLog(currentDb(), appTransport())).toEqual({ sent: 1, left: 2, missing: false });
    expect(batches.flatMap((b) => b.entries.map((e) => e.child_ids))).toEqual([[12]]);
    // The replay gives the first its id (R8); the second's registration is discarded.
    await children.update('local-1', { id: 345, _sync: 'synced' });
    await children.delete('local-2');
    expect(await sendAccessLog(currentDb(), appTransport())).toEqual({ sent: 1, left: 0, missing: false });
    expect(batches.at(-1)!.entries).toEqual([
      expect.objectContaining({ action: 'profile_view', child_ids: [345], subject: 'overview' }),
    ]);
    expect(JSON.stringify(batches)).not.toContain('local-1');
  });

  it('entries waiting for an id at the head of a long queue do not hold back the ones behind them', async () => {
    const batches = server(stored);
    await signIn({ email: 'viewer@demo.test', password: 'demo1234' });
    await currentDb().entity('children').put({ cid: 'local-9', name: 'Not sent yet', _sync: 'pending' });
    for (let i = 0; i < 210; i++)
      await recordAccess(currentDb(), { action: 'profile_view', childIds: [], childCids: ['local-9'] });
    for (let i = 0; i < 40; i++) await recordAccess(currentDb(), { action: 'profile_view', childIds: [i + 1] });
    expect(await sendAccessLog(currentDb(), appTransport())).toEqual({ sent: 40, left: 210, missing: false });
    expect(batches.flatMap((b) => b.entries.flatMap((e) => e.child_ids))).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('a server without the call keeps the entries on the device and is not asked again until the re-probe', async () => {
    let asked = 0;
    server(() => {
      asked += 1;
      return json(404, { message: 'Not Found' });
    });
    await signIn({ email: 'viewer@demo.test', password: 'demo1234' });
    await recordAccess(currentDb(), { action: 'profile_view', childIds: [5] });
    expect(await sendAccessLog(currentDb(), appTransport())).toMatchObject({ sent: 0, left: 1, missing: true });
    expect(await sendAccessLog(currentDb(), appTransport())).toMatchObject({ missing: true });
    expect(asked).toBe(1);
    // Nothing it could send holds the sign-out.
    expect((await signOut()).ok).toBe(true);
  });

  it('sign-out sends the queued entries first; when they cannot go it asks, and forced it keeps them for the next sign-in', async () => {
    let reachable = true;
    const batches = server(() => (reachable ? stored() : 'offline'));
    await signIn({ email: 'viewer@demo.test', password: 'demo1234' });
    await recordAccess(currentDb(), { action: 'profile_view', childIds: [8] });
    expect((await signOut()).ok).toBe(true);
    expect(batches).toHaveLength(1);

    await signIn({ email: 'viewer@demo.test', password: 'demo1234' });
    await recordAccess(currentDb(), { action: 'profile_view', childIds: [9] });
    reachable = false;
    const asked = await signOut();
    expect(asked).toMatchObject({ ok: false, pending: 0, accesses: 1 });
    expect(sessionStore.getState().status).toBe('signed-in');
    expect((await signOut({ force: true })).ok).toBe(true);
    await signIn({ email: 'viewer@demo.test', password: 'demo1234' });
    expect((await currentDb().accessQueue.toArray()).map((r) => r.child_ids)).toEqual([[9]]);
  });

  it('online, an access goes a moment later; a connection lost before then leaves it for the next sync', async () => {
    const batches = server(stored);
    await signIn({ email: 'viewer@demo.test', password: 'demo1234' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await logAccess({ action: 'profile_view', childIds: [8] });
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(batches).toHaveLength(1));
      expect(batches[0]!.entries.map((e) => e.child_ids)).toEqual([[8]]);
      // The send goes on until the queue is empty: an access queued before it ends goes with it.
      await vi.waitFor(async () => expect(await currentDb().accessQueue.count()).toBe(0));

      await logAccess({ action: 'profile_view', childIds: [9] });
      connectivityStore.setState({ online: false });
      await vi.advanceTimersByTimeAsync(2_000);
      // A send started by the timer would read the queue and post it within a moment.
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(batches).toHaveLength(1);
      expect((await currentDb().accessQueue.toArray()).map((r) => r.child_ids)).toEqual([[9]]);
    } finally {
      vi.useRealTimers();
    }
  });
});
