import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveQuery } from 'dexie';
import { listChildren, type ChildListQuery, type ChildSort } from '../../../sync/queries';
import { currentDb } from '../../../sync/device/session';
import { bulkUpdateRequest } from '../../../sync/entities/bulk-update';
import { writeBatch } from '../../../sync/engine/batch';
import { adminUser, freshDeviceSignedInAs, makeChild, seedChildren } from './factories';

describe('listChildren: the Child Registration List read from the device', () => {
  beforeEach(async () => {
    await freshDeviceSignedInAs(adminUser);
    await seedChildren(Array.from({ length: 25 }, (_, i) => makeChild(i + 1)));
  });

  it('pages newest first in the Laravel shape, 10 a page', async () => {
    const first = await listChildren({ page: 1 });
    expect(first.rows.map((r) => r.id)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(first.pagination).toEqual({ current_page: 1, per_page: 10, from: 1, to: 10, total: 25, last_page: 3 });
    const last = await listChildren({ page: 3 });
    expect(last.rows.map((r) => r.id)).toEqual([5, 4, 3, 2, 1]);
    expect(last.pagination).toMatchObject({ from: 21, to: 25 });
    expect((await listChildren({ page: 99 })).pagination.current_page).toBe(3);
  });

  it('records created here come first; pending deletes are hidden', async () => {
    const table = currentDb().entity('children');
    await table.put({ cid: 'local-1', name: 'New here', _sync: 'pending', _base: null });
    await table.update('s25', { _deleted: 1, _sync: 'pending' });
    const page = await listChildren({ page: 1 });
    expect(page.rows[0]).toMatchObject({ cid: 'local-1', name: 'New here' });
    expect(page.rows.map((r) => r.id)).not.toContain(25);
    expect(page.pagination.total).toBe(25);
  });

  it('pages across the records created here and the server records, pending deletes not counted', async () => {
    const table = currentDb().entity('children');
    for (const n of [1, 2, 3]) await table.put({ cid: `local-${n}`, name: `New ${n}`, _sync: 'pending', _base: null });
    await table.update('s24', { _deleted: 1, _sync: 'pending' });
    const first = await listChildren({ page: 1 });
    expect(first.rows.map((r) => r.id ?? r.cid)).toEqual(['local-1', 'local-2', 'local-3', 25, 23, 22, 21, 20, 19, 18]);
    const second = await listChildren({ page: 2 });
    expect(second.rows.map((r) => r.id)).toEqual([17, 16, 15, 14, 13, 12, 11, 10, 9, 8]);
    expect(second.pagination).toMatchObject({ total: 27, last_page: 3 });
    expect((await listChildren({ page: 3 })).rows.map((r) => r.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('a bulk update saved here moves Present Status of each selected child at once (R19)', async () => {
    const built = bulkUpdateRequest(
      { type: 'medical', medical_issues: 'Fever', date: '2024-03-01', comment: 'Camp day' },
      [
        { cid: 's25', id: 25 },
        { cid: 's24', id: 24 },
      ],
    );
    if (!built.ok) throw new Error(built.message);
    expect((await writeBatch(currentDb(), built.request)).ok).toBe(true);
    const [first, second, third] = (await listChildren({ page: 1 })).rows;
    expect(first.last_status).toMatchObject({ history_status: 'medical_issue', medical: 'Fever', comment: 'Camp day' });
    expect(second.last_status).toMatchObject({ history_status: 'medical_issue', medical: 'Fever' });
    expect(third.last_status?.history_status).not.toBe('medical_issue');
  });

  it('applies every filter of the modal, and the arrival date range', async () => {
    const ids = async (filter: ChildListQuery['filter']) =>
      (await listChildren({ filter, perPage: 100 })).rows.map((r) => r.id);
    expect(await ids({ centerId: 2 })).toEqual([24, 21, 18, 15, 12, 9, 6, 3]);
    expect(await ids({ name: 'child 1' })).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 1]);
    expect(await ids({ uniqueId: 'sbt-2' })).toEqual([25, 24, 23, 22, 21, 20, 2]);
    expect(await ids({ cwccaseno: 'CWC/2' })).toEqual([24, 20]);
    expect(await ids({ gender: 'Female', centerId: 2 })).toEqual([24, 18, 12, 6]);
    expect(await ids({ ReferredBy: 'refer', case_type: 'Missing' })).toEqual([15]);
    expect(await ids({ history_status: 'education', centerId: 3 })).toEqual([25, 19, 13, 7, 1]);
    expect(await ids({ from_date: '2024-02-01', to_date: '2024-02-28' })).toEqual([19, 10, 1]);
    const filtered = await listChildren({ filter: { gender: 'Male' }, page: 2 });
    expect(filtered.pagination).toMatchObject({ total: 13, current_page: 2, from: 11, to: 13 });
  });

  it('the search box matches every typed word as a prefix of a name, an id, a case no. or a phone, best match first', async () => {
    const table = currentDb().entity('children');
    await table.update('s7', { name: 'Ramesh Kumar', mobileno: '9876543210' });
    await table.update('s8', { name: 'Rameshwar Singh' });
    await table.update('s9', { name: 'Suresh Kumar' });
    const found = async (search: string, rest: Partial<ChildListQuery> = {}) =>
      (await listChildren({ search, perPage: 100, ...rest })).rows.map((r) => r.id);
    expect(await found('ramesh')).toEqual([7, 8]);
    expect(await found('Ramesh Kumar')).toEqual([7]);
    expect(await found('kumar')).toEqual([9, 7]);
    expect(await found('kumar', { perPage: 1, page: 2 })).toEqual([7]); // the second best, on page 2
    expect((await listChildren({ search: 'child', perPage: 10, page: 2 })).rows.map((r) => r.id)).toEqual([
      15, 14, 13, 12, 11, 10, 6, 5, 4, 3,
    ]);
    expect(await found('rmesh')).toEqual([7]); // a slip of the thumb on a 5-letter word
    expect(await found('98765')).toEqual([7]);
    expect(await found('SBT-12')).toEqual([12]);
    expect(await found('CWC/24')).toEqual([24]);
    expect(await found('kumar', { filter: { centerId: 3 } })).toEqual([7]);
    expect(await found('nobody like this')).toEqual([]);
  });

  it('sorts by a column either way, empty values last, list order breaking ties, and pages the sorted rows', async () => {
    const table = currentDb().entity('children');
    await table.update('s3', { age: 9 });
    await table.update('s4', { age: 12 });
    await table.update('s5', { age: 9 });
    const sorted = async (key: ChildSort['key'], dir: ChildSort['dir'], page = 1, perPage = 100) =>
      (await listChildren({ sort: { key, dir }, page, perPage })).rows.map((r) => r.id);
    expect((await sorted('age', 'asc')).slice(0, 4)).toEqual([5, 3, 4, 25]);
    expect((await sorted('age', 'desc')).slice(0, 4)).toEqual([4, 5, 3, 25]);
    expect(await sorted('name', 'asc', 1, 5)).toEqual([1, 2, 3, 4, 5]); // numeric-aware: Child 2 before Child 10
    expect(await sorted('name', 'desc', 2, 5)).toEqual([20, 19, 18, 17, 16]);
    const byStatus = await sorted('status', 'asc');
    expect(byStatus.slice(0, 13).every((id) => (id ?? 0) % 2 === 1)).toBe(true); // 'Education' before 'Registration'
  });

  it('sorts names in the alphabet of the language shown, stable for equal names, and a switch re-sorts', async () => {
    const table = currentDb().entity('children');
    await table.clear();
    await seedChildren([
      makeChild(1, { name: 'Zoya' }),
      makeChild(2, { name: 'राधिका' }),
      makeChild(3, { name: 'aman' }),
      makeChild(4, { name: 'क्षमा' }),
      makeChild(5, { name: 'अमन' }),
      makeChild(6, { name: 'Aman' }),
      makeChild(7, { name: 'Émile' }),
      makeChild(8, { name: 'कमल' }),
      makeChild(9, { name: '' }),
    ]);
    const names = async (language: 'en' | 'hi' | undefined, dir: ChildSort['dir'] = 'asc') =>
      (await listChildren({ sort: { key: 'name', dir }, language, perPage: 100 })).rows.map((r) => r.name);
    // English: Latin first, case and accents ignored; 'aman' and 'Aman' are equal, so list order (newest first) holds.
    const english = ['Aman', 'aman', 'Émile', 'Zoya', 'अमन', 'कमल', 'क्षमा', 'राधिका', ''];
    expect(await names('en')).toEqual(english);
    expect(await names(undefined)).toEqual(english);
    // Hindi: Devanagari first in its own order (the conjunct क्ष after क), then Latin; the empty name last either way.
    expect(await names('hi')).toEqual(['अमन', 'कमल', 'क्षमा', 'राधिका', 'Aman', 'aman', 'Émile', 'Zoya', '']);
    expect(await names('hi', 'desc')).toEqual(['Zoya', 'Émile', 'Aman', 'aman', 'राधिका', 'क्षमा', 'कमल', 'अमन', '']);
    expect(await names('en')).toEqual(english);
  });

  it('the list index follows every write: a new child, an edit, a delete, a cleared table and a transaction that failed', async () => {
    const db = currentDb();
    const table = db.entity('children');
    const found = async (search: string) => (await listChildren({ search, perPage: 100 })).rows.map((r) => r.cid);
    expect(await found('Priya')).toEqual([]);
    await table.put({ cid: 'local-1', name: 'Priya Das', _sync: 'pending', _base: null });
    expect(await found('priya')).toEqual(['local-1']);
    await table.update('local-1', { name: 'Priyanka Das' });
    expect(await found('priyanka')).toEqual(['local-1']);
    await table.delete('local-1');
    expect(await found('priya')).toEqual([]);
    await expect(
      db.transaction('rw', table, async () => {
        await table.put({ cid: 'local-2', name: 'Lost Write', _sync: 'pending', _base: null });
        throw new Error('power cut');
      }),
    ).rejects.toThrow('power cut');
    expect(await found('lost write')).toEqual([]);
    await table.clear();
    expect(await found('child')).toEqual([]);
    await seedChildren([makeChild(3)]);
    expect((await listChildren({ search: 'child', sort: { key: 'name', dir: 'asc' } })).rows.map((r) => r.id)).toEqual([
      3,
    ]);
  });

  it('what the index worked out (the order of a sort, the hits of a typed word, the plain first view) follows writes', async () => {
    const table = currentDb().entity('children');
    const ids = async (query: ChildListQuery) =>
      (await listChildren({ perPage: 100, ...query })).rows.map((r) => r.cid);
    expect((await ids({ sort: { key: 'name', dir: 'asc' } }))[0]).toBe('s1');
    expect(await ids({ search: 'ramesh' })).toEqual([]);
    await table.put({ cid: 'local-1', name: 'Aarav Ramesh', _sync: 'pending', _base: null });
    await table.update('s25', { _deleted: 1, _sync: 'pending' });
    expect((await ids({ sort: { key: 'name', dir: 'asc' } }))[0]).toBe('local-1');
    expect(await ids({ search: 'ramesh' })).toEqual(['local-1']);
    expect(await ids({ search: 'aarav rames' })).toEqual(['local-1']);
    // The index is built now, so the plain view reads it: new ones first, pending deletes hidden.
    const plain = await ids({});
    expect(plain.slice(0, 3)).toEqual(['local-1', 's24', 's23']);
    expect(plain).not.toContain('s25');
  });

  it('a live query of a filtered list re-runs when a child is written', async () => {
    const totals: number[] = [];
    const subscription = liveQuery(() => listChildren({ filter: { centerId: 2 } })).subscribe((page) =>
      totals.push(page.pagination.total),
    );
    await vi.waitFor(() => expect(totals).toEqual([8]));
    await currentDb()
      .entity('children')
      .put({ cid: 'local-9', name: 'Here now', centerdetailId: 2, _sync: 'pending', _base: null });
    await vi.waitFor(() => expect(totals.at(-1)).toBe(9));
    // Again, now that the index was built before the query ran (it reads no row of its own then).
    await currentDb()
      .entity('children')
      .put({ cid: 'local-10', name: 'Here too', centerdetailId: 2, _sync: 'pending', _base: null });
    await vi.waitFor(() => expect(totals.at(-1)).toBe(10));
    subscription.unsubscribe();
  });

  it('a database deleted and opened again under the same connection does not list what it no longer holds', async () => {
    const db = currentDb();
    expect((await listChildren({ search: 'child', perPage: 100 })).pagination.total).toBe(25);
    await db.delete();
    await db.open();
    await seedChildren([makeChild(2)]);
    const page = await listChildren({ search: 'child', sort: { key: 'name', dir: 'desc' }, perPage: 100 });
    expect(page.rows.map((r) => r.id)).toEqual([2]);
    expect(page.pagination.total).toBe(1);
  });
});
