import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { AppDb, schemaV1, schemaV2 } from '../../../sync/db/app-db';

describe('Dexie migration (DESIGN: every schema change keeps rows and the outbox)', () => {
  it('a version 1 database with queued entries opens on the current version with nothing lost', async () => {
    const name = `migration-${Date.now()}`;
    const old = new Dexie(name);
    old.version(1).stores(schemaV1);
    await old.open();
    await old.table('children').bulkPut([
      { cid: 's1', id: 1, name: 'Ravi', updated_at: '2026-01-01T00:00:00.000Z' },
      { cid: 'local-1', name: 'Asha', _sync: 'pending', _base: null },
    ]);
    const entry = {
      mutationId: 'm-1',
      entity: 'children',
      op: 'create',
      cid: 'local-1',
      payload: { name: 'Asha' },
      fileKeys: ['local-1:image:k'],
      baseUpdatedAt: null,
      dependsOn: [],
      attempts: 2,
      nextAttemptAt: 123,
      lastError: 'Server not responding. Please try again later.',
      status: 'queued',
    };
    await old.table('outbox').add(entry);
    await old
      .table('files')
      .put({ key: 'local-1:image:k', blob: new Blob(['x']), name: 'photo.png', type: 'image/png', createdAt: 1 });
    old.close();

    const db = new AppDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(5);
    expect(await db.outbox.toArray()).toEqual([{ ...entry, seq: 1 }]);
    expect(await db.files.count()).toBe(1);
    expect((await db.entity('children').get('s1'))?._sync).toBe('synced');
    expect((await db.entity('children').get('local-1'))?._sync).toBe('pending');
    expect(await db.entity('children').where('_sync').equals('pending').primaryKeys()).toEqual(['local-1']);
    db.close();
    await Dexie.delete(name);
  });

  it("v5 (part 2 lists): history and children opened from v4 are reachable by the exit lists' compound indexes", async () => {
    const name = `migration-v4-${Date.now()}`;
    const old = new Dexie(name);
    old
      .version(4)
      .stores({ ...schemaV2, outbox: `${schemaV2.outbox}, *dependsOn`, activityLogs: 'cid, &id, childregId, _sync' });
    await old.open();
    await old.table('history').put({
      cid: 's1',
      id: 1,
      childregId: 1,
      centerId: 2,
      history_status: 'dropout',
      transfer_date: '2024-05-01',
      _sync: 'synced',
    });
    await old.table('children').put({
      cid: 's1',
      id: 1,
      short_stay_status: 'yes',
      centerdetailId: 2,
      dateofarrival: '2024-04-01',
      _sync: 'synced',
    });
    old.close();
    const db = new AppDb(name);
    await db.open();
    expect(
      await db
        .entity('history')
        .where('[history_status+centerId+transfer_date]')
        .between(['dropout', 2, ''], ['dropout', 2, '\uffff'])
        .primaryKeys(),
    ).toEqual(['s1']);
    expect(
      await db
        .entity('children')
        .where('[short_stay_status+dateofarrival]')
        .between(['yes', ''], ['yes', '\uffff'])
        .primaryKeys(),
    ).toEqual(['s1']);
    expect(await db.entity('beneficiaries').count()).toBe(0);
    db.close();
    await Dexie.delete(name);
  });
});
