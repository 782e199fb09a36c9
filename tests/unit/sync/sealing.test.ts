import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { setFetch } from '../../../sync/net/transport';
import { currentDb, restoreSession, sessionStore, signIn } from '../../../sync/device/session';
import { sessionDb } from '../../../sync/db/session-db';
import { lock, lockStore, unlock, WRONG_PASSWORD } from '../../../sync/device/idle-lock';
import { forgetDataKey, openDataKey, unwrapDataKey, wrapDataKey } from '../../../sync/device/data-key';
import {
  DataLockedError,
  dropDataKey,
  hasDataKey,
  isSealed,
  newDataKey,
  openRow,
  openValue,
  sealRow,
  setDataKey,
} from '../../../sync/db/seal';
import { AppDb, appDbName } from '../../../sync/db/app-db';
import { applyServerRows } from '../../../sync/engine/pull';
import { writeLocal } from '../../../sync/engine/outbox';
import { sealExisting } from '../../../sync/db/seal-existing';
import { json, loginUser } from '../support/login-answer';

/*
 * Children's data sealed at rest (DESIGN: Security on the device): the data key is only in
 * memory while unlocked, and IndexedDB read without Dexie holds no name, Aadhar number or
 * phone number in clear, after a sync and after the idle lock.
 */

const user = loginUser();
const NAME = 'Sunita Kumari';
const AADHAR = '987654321012';
const PHONE = '9876501234';
const FATHER = 'Ramesh Prasad';
const secrets = [NAME, AADHAR, PHONE, FATHER];

const child = (id: number) => ({
  id,
  name: `${NAME} ${id}`,
  aadharno: AADHAR,
  mobileno: PHONE,
  f_name: FATHER,
  gender: 'Female',
  centerdetailId: 3,
  dateofarrival: '2026-01-05',
  updated_at: '2026-11-27T10:00:00.000Z',
});

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

/** Everything every object store of database `name` holds, as text, read with IndexedDB itself. */
async function rawText(name: string): Promise<string> {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const stores = [...idb.objectStoreNames];
  const values = await new Promise<unknown[]>((resolve, reject) => {
    const tx = idb.transaction(stores, 'readonly');
    const all: unknown[] = [];
    for (const store of stores)
      tx.objectStore(store).getAll().onsuccess = (e) => all.push((e.target as IDBRequest).result);
    tx.oncomplete = () => resolve(all);
    tx.onerror = () => reject(tx.error);
  });
  idb.close();
  const blobs: Blob[] = [];
  const text = JSON.stringify(values, (_key, value: unknown) => {
    if (value instanceof Blob) blobs.push(value);
    if (Object.prototype.toString.call(value) === '[object Uint8Array]') return latin1(value as Uint8Array);
    return value;
  });
  const blobTexts = await Promise.all(blobs.map(async (b) => latin1(new Uint8Array(await b.arrayBuffer()))));
  return [text, ...blobTexts].join('\n');
}

const leaked = (text: string) => secrets.filter((secret) => text.includes(secret));

beforeEach(async () => {
  localStorage.clear();
  dropDataKey();
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
  sessionStore.setState({ status: 'signed-out', user: null });
  lockStore.setState({ locked: false });
  setFetch(async () => json(200, { success: true, data: user }));
});
afterEach(() => setFetch(undefined));

async function signedIn(): Promise<AppDb> {
  expect((await signIn({ email: 'staff@demo.test', password: 'demo1234' })).ok).toBe(true);
  return currentDb();
}

/** What a sync and a day's work leave on the device: pulled children, a queued edit with a photo, a draft. */
async function fillAsASyncDoes(db: AppDb): Promise<void> {
  await applyServerRows(db, 'children', [child(1), child(2)]);
  const written = await writeLocal(db, {
    entity: 'children',
    op: 'create',
    fields: { name: `${NAME} new`, aadharno: AADHAR, mobileno: PHONE, f_name: FATHER, gender: 'Female' },
    files: { image: new Blob([`photo of ${NAME}`], { type: 'image/jpeg' }) },
  });
  if (!written.ok) throw new Error(written.message);
  await db.drafts.put({
    key: 'child-form',
    values: { name: NAME, mobileno: PHONE, dob: new Date('2015-02-03') },
    savedAt: 1,
  });
}

describe('the data key (DESIGN: Security on the device)', () => {
  it('is wrapped by the password: the right one unwraps it, a wrong one never does', async () => {
    const key = newDataKey();
    const row = await wrapDataKey('db-a', key, 'demo1234', 1_000);
    expect(JSON.stringify(row)).not.toContain('demo1234');
    expect(await unwrapDataKey(row, 'demo1234')).toEqual(key);
    expect(await unwrapDataKey(row, 'demo1235')).toBeNull();
    expect(await unwrapDataKey(row, '')).toBeNull();
  });

  it('a wrong password at the lock says so in words and leaves the data sealed', async () => {
    const db = await signedIn();
    await fillAsASyncDoes(db);
    lock();
    expect(hasDataKey()).toBe(false);
    expect(await unlock('not-my-password')).toEqual({ ok: false, message: WRONG_PASSWORD });
    expect(hasDataKey()).toBe(false);
    expect(lockStore.getState().locked).toBe(true);
    await expect(db.entity('children').toArray()).rejects.toBeInstanceOf(DataLockedError);
  });

  it('the idle lock drops the key: nothing is read or written until the password unwraps it again', async () => {
    const db = await signedIn();
    await fillAsASyncDoes(db);
    expect(hasDataKey()).toBe(true);
    lock();
    expect(hasDataKey()).toBe(false);
    await expect(db.entity('children').get('s1')).rejects.toBeInstanceOf(DataLockedError);
    await expect(db.outbox.toArray()).rejects.toBeInstanceOf(DataLockedError);
    await expect(db.lookups.put({ key: 'dashboard', data: {}, pulledAt: 1 })).rejects.toBeInstanceOf(DataLockedError);

    setFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await unlock('demo1234')).toEqual({ ok: true });
    expect(hasDataKey()).toBe(true);
    expect((await db.entity('children').toArray()).map((c) => c.name).sort()).toEqual([
      `${NAME} 1`,
      `${NAME} 2`,
      `${NAME} new`,
    ]);
    expect(await db.outbox.count()).toBe(1);
    expect((await db.drafts.get('child-form'))?.values.dob).toEqual(new Date('2015-02-03'));
  });

  it('a reload opens locked (the key was only in the memory of the page that is gone)', async () => {
    await signedIn();
    forgetDataKey();
    sessionStore.setState({ status: 'loading', user: null });
    await restoreSession();
    expect(lockStore.getState().locked).toBe(true);
    // Opened behind the lock (opening reads no record), so the unlock does not wait for it.
    await currentDb().open();
    expect(currentDb().isOpen()).toBe(true);
    expect(await unlock('demo1234')).toEqual({ ok: true });
    expect(lockStore.getState().locked).toBe(false);
  });

  it('a password changed on the server wraps the same key again at the next online sign-in', async () => {
    const db = await signedIn();
    await fillAsASyncDoes(db);
    const before = await sessionDb.keyrings.get(db.name);
    expect(await openDataKey(db.name, 'new-password', { passwordChecked: true, serverAccepted: true })).toBe(
      'rewrapped',
    );
    const after = await sessionDb.keyrings.get(db.name);
    expect(after?.wrapped).not.toBe(before?.wrapped);
    lock();
    expect(await unlock('demo1234')).toEqual({ ok: false, message: WRONG_PASSWORD });
    expect(await unlock('new-password')).toEqual({ ok: true });
    expect(
      (await db.entity('children').get((await db.entity('children').toCollection().primaryKeys())[0]!))?.aadharno,
    ).toBe(AADHAR);
  });
});

describe('a password changed on the server while no key was in memory (DESIGN: Security on the device)', () => {
  it('the next online sign-in asks once for the previous password, then wraps the same key with the new one', async () => {
    const db = await signedIn();
    await fillAsASyncDoes(db);
    const name = db.name;
    forgetDataKey();
    sessionStore.setState({ status: 'signed-out', user: null });
    const before = await sessionDb.keyrings.get(name);

    // The server now accepts only the new password; the device's key is still wrapped by the old.
    expect((await signIn({ email: 'staff@demo.test', password: 'new-password' })).ok).toBe(true);
    expect(lockStore.getState()).toEqual({ locked: true, reason: 'password-changed' });
    expect(hasDataKey()).toBe(false);
    expect(await unlock('new-password')).toEqual({ ok: false, message: WRONG_PASSWORD });
    expect(await unlock('demo1234')).toEqual({ ok: true });

    const after = await sessionDb.keyrings.get(name);
    expect(after?.wrapped).not.toBe(before?.wrapped);
    expect(await unwrapDataKey(after!, 'new-password')).not.toBeNull();
    expect(await unwrapDataKey(after!, 'demo1234')).toBeNull();
    // The same key: the rows sealed before open as they were, not sealed again.
    lock();
    expect(await unlock('demo1234')).toEqual({ ok: false, message: WRONG_PASSWORD });
    expect(await unlock('new-password')).toEqual({ ok: true });
    expect((await currentDb().entity('children').toArray()).map((c) => c.aadharno)).toContain(AADHAR);
  });
});

describe('IndexedDB read without Dexie holds no child in clear', () => {
  it('after a sync and after the idle lock: no name, Aadhar, phone or father name in any store', async () => {
    const db = await signedIn();
    await fillAsASyncDoes(db);
    const afterSync = await rawText(db.name);
    expect(afterSync).toContain('cid'); // the read sees the rows
    expect(leaked(afterSync)).toEqual([]);
    lock();
    expect(leaked(await rawText(db.name))).toEqual([]);
    // The session database holds the wrapped key, never the key or the password.
    expect(await rawText('ashray-session')).not.toContain('demo1234');
  });
});

describe('a database from before sealing is sealed in place at its first unlock', () => {
  /** A v11 database as the app before sealing left it: rows, a queued entry and its file, all in clear. */
  async function unsealedDb(name: string): Promise<void> {
    const old = new AppDb(name);
    old.unuse({ stack: 'dbcore', name: 'seal' });
    await old.open();
    await applyServerRows(
      old,
      'children',
      Array.from({ length: 12 }, (_, i) => child(i + 1)),
    );
    const written = await writeLocal(old, {
      entity: 'children',
      op: 'create',
      fields: { name: `${NAME} queued`, aadharno: AADHAR, mobileno: PHONE },
    });
    if (!written.ok) throw new Error(written.message);
    await old.files.put({
      key: 'f1',
      blob: new Blob([`photo of ${NAME}`]),
      name: 'p.jpg',
      type: 'image/jpeg',
      createdAt: 1,
    });
    old.close();
    expect(leaked(await rawText(name))).not.toEqual([]); // the test would see clear data
  }

  it('a queued entry survives, and every row is sealed', async () => {
    const name = appDbName(7, 'http://localhost:3000');
    await unsealedDb(name);
    dropDataKey();
    setDataKey(newDataKey());
    await sessionDb.keyrings.put(await wrapDataKey(name, newDataKey(), 'demo1234', 1_000));
    expect(await openDataKey(name, 'demo1234', { passwordChecked: false })).toBe('opened');
    const db = new AppDb(name);
    const entry = (await db.outbox.toArray())[0]!;
    await sealExisting(db, { batch: 5 });
    expect((await sessionDb.keyrings.get(name))?.sealedThrough).toBe('done');
    expect(leaked(await rawText(name))).toEqual([]);
    expect(await db.outbox.toArray()).toEqual([entry]);
    expect(await db.entity('children').count()).toBe(13);
    expect(new TextDecoder().decode((await db.files.get('f1'))?.bytes)).toBe(`photo of ${NAME}`);
    db.close();
  });

  it('a run cut short (tab closed) goes on from where it stopped at the next unlock, losing nothing', async () => {
    const name = appDbName(8, 'http://localhost:3000');
    await unsealedDb(name);
    await sessionDb.keyrings.put(await wrapDataKey(name, newDataKey(), 'demo1234', 1_000));
    expect(await openDataKey(name, 'demo1234', { passwordChecked: false })).toBe('opened');
    let db = new AppDb(name);
    const entry = (await db.outbox.toArray())[0]!;
    let batches = 0;
    const closed = new Error('tab closed');
    await expect(
      sealExisting(db, {
        batch: 5,
        afterBatch: () => {
          if (++batches === 2) throw closed;
        },
      }),
    ).rejects.toBe(closed);
    db.close();
    const progress = (await sessionDb.keyrings.get(name))?.sealedThrough;
    expect(progress).toMatchObject({ table: 'children' });
    const raw = await rawText(name);
    expect(leaked(raw)).not.toEqual([]); // half way: some rows still in clear

    // The next page: locked, then unlocked with the password.
    forgetDataKey();
    expect(await openDataKey(name, 'demo1234', { passwordChecked: false })).toBe('opened');
    db = new AppDb(name);
    expect((await db.entity('children').toArray()).length).toBe(13); // half sealed, all readable
    await sealExisting(db, { batch: 5 });
    expect(leaked(await rawText(name))).toEqual([]);
    expect(await db.outbox.toArray()).toEqual([entry]);
    expect((await db.entity('children').toArray()).every((row) => row.aadharno === AADHAR && !isSealed(row))).toBe(
      true,
    );
    db.close();
  });
});

describe('a sealed row opens as it was written', () => {
  const key = new Uint8Array(32).fill(9);
  const clear = new Set(['id', 'cid', 'childregId', 'updated_at', '_sync']);
  const server = {
    id: 11,
    childregId: 5,
    comment: 'Produced before the CWC with the GD entry.',
    restore_to: null,
    center_data: { id: 4, name: 'Old Delhi Railway Station Contact Point' },
    updated_at: '2024-01-05T10:00:00.000Z',
  };

  it('a synced row, whose base is its own server fields, is sealed once and opens with its base whole', () => {
    const row = { ...server, cid: 's11', _base: { ...server }, _sync: 'synced' };
    const stored = sealRow(key, row, clear);
    const sealedOnce = sealRow(key, { ...server, cid: 's11', _base: null, _sync: 'synced' }, clear);
    expect((stored._sealed as Uint8Array).length).toBeLessThan((sealedOnce._sealed as Uint8Array).length + 40);
    expect(openRow(key, stored)).toEqual(row);
  });

  it('a row edited on the device keeps the base it was edited from; dates and bytes come back as they were', () => {
    const row = {
      ...server,
      comment: 'Edited offline',
      cid: 's11',
      _base: { ...server },
      _sync: 'pending',
      _savedAt: new Date('2026-11-28T10:00:00Z'),
      file: new Uint8Array([1, 2, 3]),
    };
    const opened = openRow(key, sealRow(key, row, clear)) as typeof row;
    expect(opened).toEqual(row);
    expect(opened._base.comment).toBe(server.comment);
    expect(opened._savedAt).toBeInstanceOf(Date);
  });

  it('a row sealed by the earlier cipher library (@noble/ciphers, the same XChaCha20-Poly1305) still opens', () => {
    // Sealed with @noble/ciphers 2.4 under key 1..32 and nonce 200, 199, ... 177, as devices
    // that updated before the library changed hold their rows.
    const earlier = Uint8Array.from(
      'c8c7c6c5c4c3c2c1c0bfbebdbcbbbab9b8b7b6b5b4b3b2b145fb1c831a6889aa92d90b218fea38c4320d02a420a5223df49393f14fc5f679c80ec71e839d80f3a79b76099092cbce9fdfa865f4cbde5c1a9f22c656e5b9c9009f4fe86166d9c6b099ff4ef282cd228f2af65277b540'
        .match(/../g)!
        .map((byte) => parseInt(byte, 16)),
    );
    const itsKey = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
    expect(openValue(itsKey, earlier)).toEqual({
      name: 'Asha Kumari',
      aadhar: '123412341234',
      _base: { $sameAsRow: 1 },
    });
    const altered = earlier.slice();
    altered[40] ^= 1;
    expect(() => openValue(itsKey, altered)).toThrow(/did not open/);
    expect(() => openValue(key, earlier)).toThrow(/did not open/);
  });
});
