import { beforeEach, describe, expect, it } from 'vitest';
import { countExitEntries, listExitEntries, listShortStayRegister } from '../../../sync/queries';
import { currentDb } from '../../../sync/device/session';
import { serverCid } from '../../../sync/engine/pull';
import { adminUser, freshDeviceSignedInAs, makeChild, seedChildren } from '../children/factories';

/*
 * A row seals the fields of an index no query reads it by (sync/db/app-db.ts
 * unreadIndexFields), and IndexedDB leaves it out of that index: a synced row is in no
 * `_sync` index, an entry of a status no exit list shows in neither [history_status+...]
 * index, a child not on short stay in neither [short_stay_status+...] index. The queries
 * over those indexes give what they gave, and every row reads back whole.
 */

const entry = (id: number, status: string, overrides: Record<string, unknown> = {}) => ({
  cid: serverCid(id),
  id,
  history_status: status,
  transfer_date: `2024-03-${String(id).padStart(2, '0')}`,
  centerId: 2,
  childregId: id,
  _sync: 'synced' as const,
  _base: null,
  updated_at: '2024-01-01T00:00:00.000Z',
  ...overrides,
});

/** How many rows the index `index` of `table` holds, and the clear fields of the row at `cid`, read with IndexedDB itself. */
async function stored(table: string, index: string, cid: string): Promise<{ indexed: number; clear: string[] }> {
  const idb = currentDb().backendDB();
  const store = idb.transaction(table, 'readonly').objectStore(table);
  const ask = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const [indexed, row] = await Promise.all([ask(store.index(index).count()), ask(store.get(cid))]);
  return { indexed, clear: Object.keys(row as object).sort() };
}

describe('index fields a row seals when no query reads it by their index', () => {
  beforeEach(async () => {
    await freshDeviceSignedInAs(adminUser);
    await seedChildren([
      makeChild(1, { short_stay_status: 'no' }),
      makeChild(2, { short_stay_status: 'yes', short_stay: 'Apna Ghar' }),
      makeChild(3, { _sync: 'pending' }),
    ]);
    await currentDb()
      .entity('history')
      .bulkPut([entry(1, 'medical_issue'), entry(2, 'restoration'), entry(3, 'dropout', { _sync: 'pending' })]);
  });

  it('a synced medical visit is in no index but its keys, and reads back whole', async () => {
    const visit = await stored('history', '_sync', serverCid(1));
    expect(visit.indexed).toBe(1); // the unsent dropout only
    expect(visit.clear).toEqual(['_sealed', 'childregId', 'cid', 'id']);
    expect(await currentDb().entity('history').get(serverCid(1))).toMatchObject({
      history_status: 'medical_issue',
      transfer_date: '2024-03-01',
      centerId: 2,
      _sync: 'synced',
    });
    expect((await stored('history', '[history_status+transfer_date]', serverCid(2))).indexed).toBe(2);
    expect((await stored('history', '[history_status+centerId+transfer_date]', serverCid(2))).clear).toEqual([
      '_sealed',
      'centerId',
      'childregId',
      'cid',
      'history_status',
      'id',
      'transfer_date',
    ]);
  });

  it('the exit lists and their counts are as before; an entry edited to an exit status joins its list', async () => {
    expect((await listExitEntries({ status: 'restoration' })).rows.map((r) => r.id)).toEqual([2]);
    expect(await countExitEntries({ status: 'dropout' })).toBe(1);
    await currentDb().entity('history').update(serverCid(1), { history_status: 'dropout' });
    expect((await stored('history', '[history_status+transfer_date]', serverCid(1))).indexed).toBe(3);
    expect((await listExitEntries({ status: 'dropout' })).rows.map((r) => r.id)).toEqual([3, 1]);
    expect(await countExitEntries({ status: 'dropout' })).toBe(2);
  });

  it('an exit list of a status the index does not hold is refused, not answered empty', async () => {
    await expect(listExitEntries({ status: 'medical_issue' })).rejects.toThrow('No exit list shows the status');
  });

  it('only short stay children are in the register indexes, and only unsent ones in _sync', async () => {
    const child = await stored('children', '[short_stay_status+dateofarrival]', serverCid(1));
    expect(child.indexed).toBe(1);
    expect(child.clear).not.toContain('dateofarrival');
    expect(child.clear).not.toContain('short_stay_status');
    expect((await stored('children', '_sync', serverCid(3))).indexed).toBe(1);
    expect((await listShortStayRegister({})).rows.map((r) => r.id)).toEqual([2]);
    expect(await currentDb().entity('children').get(serverCid(1))).toMatchObject({
      short_stay_status: 'no',
      dateofarrival: '2024-02-02',
      _sync: 'synced',
    });
  });
});
