// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb, type LocalRow } from '../../../sync/db/app-db';
import { writeLocal } from '../../../sync/engine/outbox';
import { CHILD_EDIT_TIMEOUT_MS, refreshChildForEdit } from '../../../sync/queries/child-edit';
import type { Transport } from '../../../sync/net/transport';

/*
 * GET /child_edit/{id} (spec part 1 section 7) as the edit form opens online: a newer
 * server record reaches the device as a pull brings it (R17: queued changes rebased, never
 * overwritten); an older or equal one, no answer in time, or a child the server has not
 * got leave the device's row as it is.
 */

let db: AppDb;
let asked: { method: string; path: string; timeoutMs?: number }[];

const base = {
  id: 7,
  name: 'Asha',
  f_name: 'Ramesh',
  mobileno: '9811100001',
  updated_at: '2025-05-01T10:00:00.000Z',
};

const answering = (record: Record<string, unknown> | Error): Transport => ({
  request: async (method, path, options) => {
    asked.push({ method, path, timeoutMs: options?.timeoutMs });
    if (record instanceof Error) throw record;
    return { success: true, data: record } as never;
  },
});

beforeEach(async () => {
  db = new AppDb(`child-edit-${Math.random()}`);
  await db.open();
  asked = [];
  await db.entity('children').put({ ...base, cid: 'c1', _base: base, _sync: 'synced' } as LocalRow);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const children = () => db.entity('children');

describe('the edit form asks GET /child_edit/{id} when it opens online', () => {
  it('a newer server record is what the form opens with, written as the device’s row', async () => {
    const theirs = { ...base, f_name: 'Suresh', updated_at: '2025-05-02T09:00:00.000Z' };
    const found = await refreshChildForEdit('c1', { db, transport: answering(theirs) });
    expect(asked).toEqual([{ method: 'GET', path: '/child_edit/7', timeoutMs: CHILD_EDIT_TIMEOUT_MS }]);
    expect(CHILD_EDIT_TIMEOUT_MS).toBe(10_000);
    expect(found.outcome).toBe('newer');
    expect(found.row).toMatchObject({ cid: 'c1', f_name: 'Suresh', _sync: 'synced' });
    expect(await children().get('c1')).toMatchObject({ f_name: 'Suresh', _base: theirs });
  });

  it('a record no newer than the device’s changes nothing', async () => {
    const older = { ...base, f_name: 'Old', updated_at: '2025-04-30T00:00:00.000Z' };
    const found = await refreshChildForEdit('c1', { db, transport: answering(older) });
    expect(found.outcome).toBe('current');
    expect((await children().get('c1'))!.f_name).toBe('Ramesh');
    expect((await refreshChildForEdit('c1', { db, transport: answering(base) })).outcome).toBe('current');
  });

  it('R17: queued local changes are rebased onto the newer record, never overwritten', async () => {
    await writeLocal(db, { entity: 'children', op: 'update', cid: 'c1', fields: { mobileno: '9000000000' } });
    const theirs = { ...base, f_name: 'Suresh', updated_at: '2025-05-02T09:00:00.000Z' };
    const found = await refreshChildForEdit('c1', { db, transport: answering(theirs) });
    expect(found.outcome).toBe('newer');
    expect(found.row).toMatchObject({ f_name: 'Suresh', mobileno: '9000000000', _sync: 'pending', _base: theirs });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ payload: { mobileno: '9000000000' }, baseUpdatedAt: theirs.updated_at });
    expect(await db.conflicts.count()).toBe(0);
  });

  it('R17: a field changed on both sides goes to the review queue with both values', async () => {
    await writeLocal(db, { entity: 'children', op: 'update', cid: 'c1', fields: { f_name: 'Mine' } });
    const theirs = { ...base, f_name: 'Theirs', updated_at: '2025-05-02T09:00:00.000Z' };
    await refreshChildForEdit('c1', { db, transport: answering(theirs) });
    const [conflict] = await db.conflicts.toArray();
    expect(conflict).toMatchObject({ entity: 'children', cid: 'c1', mine: { f_name: 'Mine' }, theirs });
    expect((await children().get('c1'))!._sync).toBe('conflict');
  });

  it('no answer in time opens the form from the device', async () => {
    const found = await refreshChildForEdit('c1', { db, transport: answering(new Error('timeout')) });
    expect(found).toMatchObject({ outcome: 'failed', row: { f_name: 'Ramesh' } });
  });

  it('a child the server has not got yet is not asked for', async () => {
    await children().put({ cid: 'new', name: 'Ravi', _base: null, _sync: 'pending' } as LocalRow);
    const found = await refreshChildForEdit('new', { db, transport: answering(base) });
    expect(found.outcome).toBe('local');
    expect(asked).toEqual([]);
  });
});
