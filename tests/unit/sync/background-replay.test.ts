import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { setFetch } from '../../../sync/net/transport';
import { currentDb, sessionStore, signIn } from '../../../sync/device/session';
import { lock, lockStore, unlock } from '../../../sync/device/idle-lock';
import { dataKeyOwner } from '../../../sync/device/data-key';
import { currentDataKey, dropDataKey, hasDataKey } from '../../../sync/db/seal';
import { writeLocal } from '../../../sync/engine/outbox';
import { AppDb } from '../../../sync/db/app-db';
import { receiveDataKey, replayInBackground } from '../../../sync/engine/background-replay';
import { json, loginUser } from '../support/login-answer';

/*
 * Background Sync (R5) with a sealed queue (DESIGN: Security on the device): the service
 * worker sends queued entries only with the key an unlocked tab handed it; without one,
 * the entries wait for the next unlock, untouched.
 */

const user = loginUser();
let sent: string[];

beforeEach(async () => {
  dropDataKey();
  localStorage.clear();
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
  sessionStore.setState({ status: 'signed-out', user: null });
  lockStore.setState({ locked: false });
  receiveDataKey({ type: 'ashray-data-key-drop' });
  sent = [];
  const server: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    if (path === '/api/login') return json(200, { success: true, data: user });
    sent.push(`${request.method} ${path}`);
    return json(200, { success: true, data: { id: 501, updated_at: '2026-11-27T10:00:00.000Z' } });
  };
  setFetch(server); // the tab's transport
  vi.stubGlobal('fetch', server); // the service worker's (the browser's fetch)
});
afterEach(() => {
  setFetch(undefined);
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
});

/** Signed in, a tag queued offline, then the app closed locked: the worker's memory is all that is left. */
async function queuedThenLocked(): Promise<{ db: string; key: Uint8Array }> {
  expect((await signIn({ email: 'staff@demo.test', password: 'demo1234' })).ok).toBe(true);
  const written = await writeLocal(currentDb(), { entity: 'tags', op: 'create', fields: { name: 'Sibling group' } });
  expect(written.ok).toBe(true);
  const handed = { db: dataKeyOwner()!, key: currentDataKey()! };
  currentDb().close();
  lock();
  expect(hasDataKey()).toBe(false);
  return handed;
}

describe('Background Sync of the sealed queue (R5)', () => {
  it('without a handed key the entries wait for an unlock: nothing is sent or lost', async () => {
    const { db: name } = await queuedThenLocked();
    expect(await replayInBackground()).toBe('waiting-for-unlock');
    expect(sent).toEqual([]);
    expect(await unlock('demo1234')).toEqual({ ok: true });
    const db = new AppDb(name);
    expect((await db.outbox.toArray()).map((e) => [e.entity, e.op, e.attempts])).toEqual([['tags', 'create', 0]]);
    db.close();
  });

  it('with the key an unlocked tab handed over, the queue is sent; the worker keeps no key after', async () => {
    const handed = await queuedThenLocked();
    receiveDataKey({ type: 'ashray-data-key', ...handed });
    expect(await replayInBackground()).toBe('sent');
    expect(sent).toEqual(['POST /api/tag_add']);
    expect(hasDataKey()).toBe(false);
  });

  it('a key taken back (the idle lock, a sign-out) is not used again', async () => {
    const handed = await queuedThenLocked();
    receiveDataKey({ type: 'ashray-data-key', ...handed });
    receiveDataKey({ type: 'ashray-data-key-drop' });
    expect(await replayInBackground()).toBe('waiting-for-unlock');
    expect(sent).toEqual([]);
  });
});
