// @vitest-environment node
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb, type LocalRow } from '../../../sync/db/app-db';
import { countsOf, KEPT_COUNTS_VERSION, keptCountRows } from '../../../sync/db/kept-counts';
import { writeLocal } from '../../../sync/engine/outbox';
import { writeBatch, applyBatchAnswer } from '../../../sync/engine/batch';
import { applyServerRows, applyServerDeletions, serverCid } from '../../../sync/engine/pull';
import { discardEntry, resolveConflict } from '../../../sync/engine/review';
import { keptGroupCounts, keptReportCounts } from '../../../sync/queries/kept-reports';
import { countGroupRows, countReportRows, reportPeriods, reportRowsFrom } from '../../../sync/contract';

/*
 * The counts the dashboard and the device's reports read (sync/db/kept-counts.ts) are what
 * the rows give, after every path that writes history or children (R1: in the transaction
 * that writes the rows).
 */

let db: AppDb;
beforeEach(async () => {
  db = new AppDb(`kept-counts-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The kept counts equal the counts made from every row now on the device. */
async function expectCountsCurrent() {
  const [kept, children, history] = await Promise.all([
    db.keptCounts.toArray(),
    db.entity('children').toArray(),
    db.entity('history').toArray(),
  ]);
  expect(kept.sort(byKey)).toEqual(countsOf(children, history).sort(byKey));
  // And the report answered from them is the rule over the rows (rules/report.ts).
  const p = reportPeriods('2024-04-01', '2025-03-31', '2025-06-30');
  const rows = reportRowsFrom(children, history);
  for (const centerId of [null, 2, 3])
    expect(await keptReportCounts(db, p, centerId)).toEqual(countReportRows(rows, p, centerId));
  expect(await keptGroupCounts(db, p, null)).toEqual(countGroupRows(rows, p));
}

const child = (id: number, fields: Record<string, unknown> = {}): LocalRow => ({
  cid: serverCid(id),
  id,
  name: `Child ${id}`,
  gender: id % 2 ? 'Male' : 'Female',
  centerdetailId: (id % 2) + 2,
  dateofarrival: `2024-0${(id % 9) + 1}-10`,
  _sync: 'synced',
  _base: { id, updated_at: '2024-01-01T00:00:00.000Z' },
  updated_at: '2024-01-01T00:00:00.000Z',
  ...fields,
});
const entry = (id: number, childregId: number | string, fields: Record<string, unknown> = {}): LocalRow => ({
  cid: serverCid(id),
  id,
  childregId,
  centerId: 2,
  history_status: id % 2 ? 'education' : 'medical_issue',
  transfer_date: `2024-${String((id % 12) + 1).padStart(2, '0')}-1${id % 10}`,
  _sync: 'synced',
  _base: { id, updated_at: '2024-01-01T00:00:00.000Z' },
  updated_at: '2024-01-01T00:00:00.000Z',
  ...fields,
});

async function seed() {
  await db.entity('children').bulkPut([1, 2, 3, 4].map((id) => child(id)));
  await db.entity('history').bulkPut(Array.from({ length: 12 }, (_, i) => entry(i + 1, (i % 4) + 1)));
}

describe('kept counts (the dashboard and the device reports read them, not every row)', () => {
  it('a new database starts with current (empty) counts, and a pull page of children and entries counts at once', async () => {
    expect(await db.keptCounts.toArray()).toEqual([{ key: 'meta', version: KEPT_COUNTS_VERSION }]);
    await seed();
    await expectCountsCurrent();
    expect((await keptCountRows(db, 'r|')).length).toBeGreaterThan(0);
    // A page naming many children: they are read as the one span of ids they cover.
    await db.entity('children').bulkPut(Array.from({ length: 20 }, (_, i) => child(i + 10)));
    await db.entity('history').bulkPut(Array.from({ length: 60 }, (_, i) => entry(100 + i, (i % 25) + 8)));
    await expectCountsCurrent();
  });

  it('follows edits, deletes and the child moving: its gender, its center (R20), its deletion', async () => {
    await seed();
    const history = db.entity('history');
    const children = db.entity('children');
    // A page of rows, most new, some replacing the seeded ones (read as one key range).
    await history.bulkPut(Array.from({ length: 60 }, (_, i) => entry(i + 1, (i % 5) + 1, { history_status: 'mhp' })));
    await expectCountsCurrent();
    await history.bulkPut(Array.from({ length: 60 }, (_, i) => entry(i + 1, (i % 4) + 1)));
    await expectCountsCurrent();
    // A page whose keys span many more rows than it writes: read key by key, before the write.
    await history.bulkPut(Array.from({ length: 240 }, (_, i) => entry(i + 1, (i % 4) + 1)));
    await history.bulkPut(
      Array.from({ length: 60 }, (_, i) => entry(i * 4 + 1, (i % 4) + 1, { history_status: 'restoration' })),
    );
    await expectCountsCurrent();
    await history.update(serverCid(1), { history_status: 'mhp', transfer_date: '2024-11-30' });
    await expectCountsCurrent();
    await history.update(serverCid(2), { transfer_date: null, history_date: '2024-05-05' });
    await expectCountsCurrent();
    await history.update(serverCid(3), { _deleted: 1 });
    await history.update(serverCid(4), { deleted_at: '2024-12-01T00:00:00.000Z' });
    await expectCountsCurrent();
    await history.delete(serverCid(5));
    await history.bulkDelete([serverCid(6), serverCid(7)]);
    await history.where('id').between(8, 9, true, true).delete();
    await expectCountsCurrent();
    await children.update(serverCid(1), { centerdetailId: 3 });
    await children.update(serverCid(2), { gender: 'male ' });
    await children.update(serverCid(3), { _deleted: 1 });
    await children.update(serverCid(4), { deleted_at: '2024-12-01T00:00:00.000Z', dateofarrival: '2023-01-01' });
    await expectCountsCurrent();
    await children.delete(serverCid(1));
    await expectCountsCurrent();
    await children.toCollection().modify({ centerdetailId: 2 });
    await expectCountsCurrent();
  });

  it('an entry naming a child not on the device counts once the child arrives, and a child keeps its entries when it gets its server id', async () => {
    await db.entity('history').put(entry(50, 9));
    await expectCountsCurrent();
    await db.entity('children').put(child(9));
    await expectCountsCurrent();
    // A child created offline, its entry naming its cid; replay gives both the server id (R8).
    await db.entity('children').put({ ...child(0), cid: 'local-child', id: undefined, _sync: 'pending' });
    await db.entity('history').put(entry(51, 'local-child', { cid: 'local-entry', id: undefined, _sync: 'pending' }));
    await expectCountsCurrent();
    await db.transaction('rw', [db.entity('children'), db.entity('history')], async () => {
      await db.entity('children').update('local-child', { id: 77, _sync: 'synced' });
      await db.entity('history').where('childregId').equals('local-child').modify({ childregId: 77 });
    });
    await expectCountsCurrent();
  });

  it('a write whose transaction fails leaves the counts as they were (R1)', async () => {
    await seed();
    const before = await db.keptCounts.toArray();
    await expect(
      db.transaction('rw', [db.entity('history')], async () => {
        await db.entity('history').put(entry(90, 1, { history_status: 'restoration' }));
        throw new Error('the form failed');
      }),
    ).rejects.toThrow('the form failed');
    expect((await db.keptCounts.toArray()).sort(byKey)).toEqual(before.sort(byKey));
    await expectCountsCurrent();
  });

  it('a deleted range is followed; a cleared table of over 1,000 rows makes them stale, and the next read counts them again', async () => {
    await seed();
    await db.entity('history').where('cid').startsWith('s1').delete();
    await expectCountsCurrent();
    await db.entity('history').bulkPut(Array.from({ length: 1_001 }, (_, i) => entry(1_000 + i, (i % 4) + 1)));
    await db.entity('history').clear();
    expect(await db.keptCounts.get('meta')).toBeUndefined();
    await db.entity('history').put(entry(60, 2));
    await keptCountRows(db, 'r|');
    await expectCountsCurrent();
  });

  it('counts made under another report rule are rebuilt at the next read', async () => {
    await seed();
    await db.keptCounts.put({ key: 'meta', version: 'an earlier rule' });
    await db.keptCounts.put({ key: 't|education|1999-01', n: 5 });
    await keptCountRows(db, 't|');
    await expectCountsCurrent();
  });

  it('the outbox paths: an action saved offline, its edit and delete, a bulk update and its answer (R1, R19)', async () => {
    await seed();
    const saved = await writeLocal(db, {
      entity: 'historyActions',
      op: 'education',
      fields: { childregId: 1, history_status: 'education', transfer_date: '2024-10-01', education_type: 'formal' },
    });
    if (!saved.ok) throw new Error(saved.message);
    await expectCountsCurrent();
    await writeLocal(db, {
      entity: 'history',
      op: 'update',
      cid: serverCid(2),
      fields: { transfer_date: '2024-06-06' },
    });
    await expectCountsCurrent();
    await writeLocal(db, { entity: 'historyActions', op: 'delete', cid: serverCid(3) });
    await expectCountsCurrent();
    const batch = await writeBatch(db, {
      entity: 'bulkUpdates',
      op: 'create',
      payload: {},
      rows: [1, 2].map((id) => ({ childregId: id, history_status: 'restoration', transfer_date: '2024-09-09' })),
    });
    if (!batch.ok) throw new Error(batch.message);
    await expectCountsCurrent();
    await db.transaction('rw', [db.entity('history'), db.entity('children'), db.outbox], () =>
      applyBatchAnswer(db, 'bulkUpdates', batch.cid, [
        { ...entry(300, 1), history_status: 'restoration', transfer_date: '2024-09-09' },
        { ...entry(301, 2), history_status: 'restoration', transfer_date: '2024-09-09' },
      ]),
    );
    await expectCountsCurrent();
  });

  it('the pull paths: new and changed rows, a rebased pending row, tombstones, and a conflict resolved both ways (R13, R14, R17)', async () => {
    await seed();
    await applyServerRows(db, 'children', [
      { ...child(5), cid: undefined } as never,
      { id: 1, name: 'Child 1', gender: 'Female', centerdetailId: 3, updated_at: '2024-02-01T00:00:00.000Z' },
    ]);
    await expectCountsCurrent();
    await applyServerRows(db, 'history', [
      {
        id: 200,
        childregId: 5,
        history_status: 'mhp',
        transfer_date: '2024-08-08',
        updated_at: '2024-02-01T00:00:00.000Z',
      },
      {
        id: 1,
        childregId: 1,
        history_status: 'restoration',
        transfer_date: '2024-07-07',
        updated_at: '2024-02-01T00:00:00.000Z',
      },
    ]);
    await expectCountsCurrent();
    // A queued edit of entry 2 meets the server's change of the same field: a conflict.
    await writeLocal(db, {
      entity: 'history',
      op: 'update',
      cid: serverCid(2),
      fields: { transfer_date: '2024-06-01' },
    });
    await applyServerRows(db, 'history', [
      {
        id: 2,
        childregId: 2,
        history_status: 'medical_issue',
        transfer_date: '2024-05-05',
        updated_at: '2024-03-01T00:00:00.000Z',
      },
    ]);
    await expectCountsCurrent();
    const [conflict] = await db.conflicts.toArray();
    expect(conflict).toBeDefined();
    await resolveConflict(db, conflict!.id!, 'theirs');
    await expectCountsCurrent();
    // A queued delete of a changed entry, and the entry deleted on the server.
    await writeLocal(db, {
      entity: 'history',
      op: 'update',
      cid: serverCid(4),
      fields: { transfer_date: '2024-04-04' },
    });
    await applyServerRows(db, 'history', [
      {
        id: 4,
        childregId: 4,
        history_status: 'mhp',
        transfer_date: '2024-10-10',
        updated_at: '2024-03-01T00:00:00.000Z',
      },
    ]);
    const [second] = await db.conflicts.toArray();
    if (second) await resolveConflict(db, second.id!, 'mine');
    await expectCountsCurrent();
    await applyServerDeletions(db, 'history', [5, 6]);
    await expectCountsCurrent();
    for (const queued of await db.outbox.toArray()) await discardEntry(db, queued.seq!);
    await expectCountsCurrent();
  });

  it('hold for any sequence of writes to entries and children (property)', async () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('entry' as const),
        id: fc.integer({ min: 1, max: 8 }),
        child: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant('c-local')),
        status: fc.constantFrom('education', 'mhp', 'restoration', 'dropout', 'not_a_status'),
        // A number is a key the exit lists' index holds, but no date (an odd row, counted apart).
        day: fc.option(fc.constantFrom('2023-04-01', '2024-05-31', '2024-06-01', '2025-03-31', 20240601), {
          nil: null,
        }),
        center: fc.constantFrom(2, '3', null, undefined),
        deleted: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('child' as const),
        id: fc.integer({ min: 1, max: 5 }),
        gender: fc.constantFrom('Male', 'female', 'Other', null),
        center: fc.option(fc.integer({ min: 2, max: 4 }), { nil: null }),
        deleted: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 8 }), child: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        await db.entity('history').clear();
        await db.entity('children').clear();
        await db.keptCounts.clear();
        await db.keptCounts.put({ key: 'meta', version: KEPT_COUNTS_VERSION });
        await db.entity('children').put({ ...child(0), cid: 'c-local', id: undefined });
        for (const o of ops) {
          if (o.kind === 'entry')
            await db.entity('history').put(
              entry(o.id, o.child, {
                history_status: o.status,
                transfer_date: o.day,
                centerId: o.center,
                ...(o.deleted ? { _deleted: 1 } : {}),
              }),
            );
          else if (o.kind === 'child')
            await db
              .entity('children')
              .put(child(o.id, { gender: o.gender, centerdetailId: o.center, ...(o.deleted ? { _deleted: 1 } : {}) }));
          else await db.entity(o.child ? 'children' : 'history').delete(serverCid(o.id));
        }
        await expectCountsCurrent();
      }),
      { numRuns: 40, seed: 20261127 },
    );
  });
});
