import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { AppDb, schemaV1, schemaV2, type OutboxEntry } from '../../../sync/db/app-db';
import { KEPT_COUNTS_VERSION } from '../../../sync/db/kept-counts';
import { keptReportCounts } from '../../../sync/queries/kept-reports';
import { countReportRows, reportPeriods, reportRowsFrom } from '../../../sync/contract';
import { queuedEntry } from './queued';

/** The names of a table's indexes (its primary key left out), sorted. */
const indexNames = (db: AppDb, table: 'history' | 'children' | 'meals' | 'outbox') =>
  (table === 'outbox' ? db.outbox : db.entity(table)).schema.indexes.map((i) => i.name).sort();

/**
 * Queues `entry` in `old`, closes it and opens it as the app does: at the current version,
 * with the entry queued as it was.
 */
async function openWithQueued(old: Dexie, entry: Record<string, unknown>): Promise<AppDb> {
  await old.table('outbox').add(entry);
  old.close();
  const db = new AppDb(old.name);
  await db.open();
  // The current version: v11 adds the access log's queue, empty; v12 trims meals; v13 drops
  // the children's name index (an index is in clear, db/seal.ts); v14 trims the outbox.
  expect(db.verno).toBe(14);
  expect(await db.outbox.toArray()).toEqual([{ ...entry, seq: 1 }]);
  return db;
}

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

  it('v10: a v9 database with a queued entry keeps it and its rows; history and children lose the indexes no query reads, and the counts are made at the first read', async () => {
    const name = `migration-v9-${Date.now()}`;
    const old = new Dexie(name);
    old.version(9).stores({
      ...schemaV2,
      outbox: `${schemaV2.outbox}, *dependsOn`,
      history: `${schemaV2.history}, [history_status+transfer_date], [history_status+centerId+transfer_date]`,
      children: `${schemaV2.children}, [short_stay_status+dateofarrival], [short_stay_status+centerdetailId+dateofarrival]`,
      drafts: 'key',
    });
    await old.open();
    await old.table('children').bulkPut([
      {
        cid: 's1',
        id: 1,
        name: 'Ravi',
        gender: 'Male',
        centerdetailId: 2,
        dateofarrival: '2024-05-01',
        _sync: 'synced',
      },
      {
        cid: 's2',
        id: 2,
        name: 'Asha',
        gender: 'Female',
        centerdetailId: 3,
        dateofarrival: '2024-06-01',
        _sync: 'synced',
      },
    ]);
    await old.table('history').bulkPut([
      {
        cid: 's10',
        id: 10,
        childregId: 1,
        centerId: 2,
        history_status: 'dropout',
        transfer_date: '2024-07-01',
        _sync: 'synced',
      },
      {
        cid: 's11',
        id: 11,
        childregId: 2,
        centerId: 3,
        history_status: 'education',
        transfer_date: '2024-08-01',
        _sync: 'synced',
      },
      {
        cid: 'local-h',
        childregId: 1,
        history_status: 'medical_issue',
        transfer_date: '2024-09-01',
        _sync: 'pending',
        _base: null,
      },
    ]);
    const entry = queuedEntry({
      mutationId: 'm-h',
      entity: 'historyActions',
      op: 'medical',
      cid: 'local-h',
      payload: { childregId: 1, history_status: 'medical_issue', transfer_date: '2024-09-01' },
      attempts: 1,
      sent: true,
      nextAttemptAt: 5,
    });
    const db = await openWithQueued(old, entry);
    expect(await db.accessQueue.count()).toBe(0);
    expect(await db.entity('history').count()).toBe(3);
    expect(indexNames(db, 'history')).toEqual(
      ['id', 'childregId', '_sync', '[history_status+transfer_date]', '[history_status+centerId+transfer_date]'].sort(),
    );
    expect(indexNames(db, 'children')).toEqual(
      ['id', '_sync', '[short_stay_status+dateofarrival]', '[short_stay_status+centerdetailId+dateofarrival]'].sort(),
    );
    // The app's queries over what the upgrade kept: the exit list's index, the child's history, the outbox.
    expect(
      await db
        .entity('history')
        .where('[history_status+centerId+transfer_date]')
        .between(['dropout', 2, ''], ['dropout', 2, '\uffff'])
        .primaryKeys(),
    ).toEqual(['s10']);
    expect((await db.entity('history').where('childregId').equals(1).primaryKeys()).sort()).toEqual(['local-h', 's10']);
    expect(await db.entity('history').where('_sync').equals('pending').primaryKeys()).toEqual(['local-h']);
    expect(await db.outbox.where('cid').equals('local-h').count()).toBe(1);
    // No counts yet: the first report counts them from the rows, then writes keep them.
    expect(await db.keptCounts.get('meta')).toBeUndefined();
    const p = reportPeriods('2024-04-01', '2025-03-31', '2025-06-30');
    const fromRows = async () =>
      countReportRows(
        reportRowsFrom(await db.entity('children').toArray(), await db.entity('history').toArray()),
        p,
        null,
      );
    expect(await keptReportCounts(db, p, null)).toEqual(await fromRows());
    expect((await db.keptCounts.get('meta')) as unknown).toEqual({ key: 'meta', version: KEPT_COUNTS_VERSION });
    await db.entity('children').update('s1', { gender: 'Female' });
    expect(await keptReportCounts(db, p, null)).toEqual(await fromRows());
    db.close();
    await Dexie.delete(name);
  });

  it('v12: a v11 database with a queued meal keeps it and its meals; meals lose the indexes no query reads', async () => {
    const name = `migration-v11-${Date.now()}`;
    const old = new Dexie(name);
    old.version(11).stores({
      ...schemaV2,
      outbox: `${schemaV2.outbox}, *dependsOn`,
      meals: `${schemaV2.meals}, meal_type`,
      accessQueue: '++seq',
    });
    await old.open();
    const meal = (cid: string, id: number | undefined, day: string, sync: string) => ({
      cid,
      ...(id === undefined ? {} : { id }),
      center_id: 2,
      meal_type: 1,
      meal_date: day,
      child_count: 20,
      _sync: sync,
    });
    await old
      .table('meals')
      .bulkPut([meal('s1', 1, '2025-01-01', 'synced'), meal('local-m', undefined, '2025-01-02', 'pending')]);
    const entry = queuedEntry({
      entity: 'meals',
      op: 'create',
      cid: 'local-m',
      payload: { center_id: 2, meal_type: 1, meal_date: '2025-01-02', child_count: 20 },
    });
    const db = await openWithQueued(old, entry);
    expect(await db.entity('meals').toArray()).toEqual([
      meal('local-m', undefined, '2025-01-02', 'pending'),
      meal('s1', 1, '2025-01-01', 'synced'),
    ]);
    expect(indexNames(db, 'meals')).toEqual(['_sync', 'id']);
    // What reads meals by index: the pull and the replay by server id, the full pull's diff by sync state.
    expect(await db.entity('meals').where('id').equals(1).primaryKeys()).toEqual(['s1']);
    expect(await db.entity('meals').where('_sync').equals('pending').primaryKeys()).toEqual(['local-m']);
    db.close();
    await Dexie.delete(name);
  });

  it('v14: a v13 database with queued entries keeps them; the outbox loses the indexes no query reads', async () => {
    const name = `migration-v13-${Date.now()}`;
    const old = new Dexie(name);
    old.version(13).stores({
      ...schemaV2,
      outbox: `${schemaV2.outbox}, *dependsOn`,
      accessQueue: '++seq',
    });
    await old.open();
    const child = queuedEntry({ entity: 'children', op: 'create', cid: 'local-c', payload: { name: 'Asha' } });
    const db = await openWithQueued(old, child);
    const history = queuedEntry({
      entity: 'history',
      op: 'medical',
      cid: 'local-h',
      payload: { childregId: 'local-c', medical_issues: 'Fever' },
      dependsOn: ['local-c'],
      status: 'rejected',
    }) as OutboxEntry;
    const seq = await db.outbox.add(history);
    expect(indexNames(db, 'outbox')).toEqual(['cid', 'dependsOn', 'mutationId', 'status']);
    // What reads the outbox by index: a record's entries, the review queue, R8's remapping.
    expect(await db.outbox.where('cid').equals('local-c').primaryKeys()).toEqual([1]);
    expect(await db.outbox.where('status').equals('rejected').primaryKeys()).toEqual([seq]);
    expect(await db.outbox.where('dependsOn').equals('local-c').primaryKeys()).toEqual([seq]);
    expect(await db.outbox.orderBy('seq').toArray()).toMatchObject([child, history]);
    db.close();
    await Dexie.delete(name);
  });
});
