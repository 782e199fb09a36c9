import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../sync/contract';
import { childScope, liveChild } from '../children/records';
import type { Db } from '../db/client';
import { childHistory, children } from '../db/schema';
import { nextUpdatedAt } from '../delta/timestamps';
import { historyScope, liveHistory } from './records';

/*
 * The row locks every history write shares (actions, medical, documents, CWC, bulk
 * update). A history write also moves its child's updated_at in the same transaction:
 * the child's last_status (Present Status, the Medical issue column) is part of the child
 * record, so delta pulls of children must carry it again (R15).
 */

/** Locks a live child the user may reach; history writes serialise per child on it. */
export const lockChildOf = (tx: Db, childId: number, user: Principal) =>
  tx
    .select({ id: children.id, centerdetailId: children.centerdetailId })
    .from(children)
    .where(and(eq(children.id, childId), liveChild, childScope(user)))
    .for('update')
    .then((rows) => rows[0]);

export const touchChild = (tx: Db, childId: number) =>
  tx
    .update(children)
    .set({ updated_at: nextUpdatedAt(children.updated_at) })
    .where(eq(children.id, childId));

/** Locks a live history entry of `status` (any when null) whose child the user may reach. */
export const lockEntry = (tx: Db, id: number, user: Principal, status: string | null) =>
  tx
    .select({ entry: childHistory })
    .from(childHistory)
    .innerJoin(children, eq(children.id, childHistory.childregId))
    .where(
      and(
        eq(childHistory.id, id),
        liveHistory,
        status ? eq(childHistory.history_status, status) : undefined,
        historyScope(user),
        liveChild,
      ),
    )
    .for('update', { of: childHistory })
    .then((rows) => (rows[0] ? rows[0].entry : undefined));
