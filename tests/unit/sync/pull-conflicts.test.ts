import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../sync/db/app-db';
import { applyServerRows, serverCid } from '../../../sync/engine/pull';

/*
 * An open conflict shows the newest server version it has seen (sync/SPEC.md R12): a page
 * of the pull asked before another device's save, and answered after this device read the
 * record to decide the conflict (a backend without If-Match: the documented check reads
 * /child_view), must not put the older version back in the review card.
 */

let db: AppDb;
beforeEach(async () => {
  db = new AppDb(`pull-conflicts-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const T0 = '2026-11-27T10:00:00.000Z';
const T1 = '2026-11-27T10:05:00.000Z';
const T2 = '2026-11-27T10:09:00.000Z';

describe('a pulled page meets an open conflict', () => {
  it('an older version leaves the conflict as it was; a newer one replaces what the card compares against', async () => {
    const cid = serverCid(5);
    const original = { id: 5, name: 'Asha', f_name: null, updated_at: T0 };
    await db.entity('children').put({ ...original, cid, _base: original, _sync: 'conflict' });
    await db.conflicts.add({
      entity: 'children',
      cid,
      base: original,
      mine: { f_name: 'Suresh' },
      theirs: { ...original, f_name: 'Ramesh', updated_at: T1 },
      createdAt: Date.now(),
    });

    await applyServerRows(db, 'children', [original]);
    expect((await db.conflicts.toArray()).map((c) => c.theirs)).toMatchObject([{ f_name: 'Ramesh', updated_at: T1 }]);

    await applyServerRows(db, 'children', [{ ...original, f_name: 'Mahesh', updated_at: T2 }]);
    expect((await db.conflicts.toArray()).map((c) => c.theirs)).toMatchObject([{ f_name: 'Mahesh', updated_at: T2 }]);
    expect(await db.entity('children').get(cid)).toMatchObject({ f_name: 'Mahesh', _sync: 'conflict' });
  });
});
