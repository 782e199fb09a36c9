import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AuthUser } from '../core/context';
import type { Db } from '../db/client';
import { activityLogs, childDocuments, childHistory } from '../db/schema';
import { touchChild } from '../history/locks';
import { nextUpdatedAt } from '../delta/timestamps';
import { groupOf } from './groups';
import { notifyReaders } from '../notifications/write';

/*
 * What every per-child action writes, inside the caller's transaction (spec part 1 section 4: "history
 * entries written in the same database transaction as the action"): the history entry
 * (its status drives Present Status), its document rows, one activity log line, and a
 * new updated_at on the child, whose last_status travels with it in delta pulls.
 */

export type DocumentOwner = {
  childregId?: number | null;
  historyId?: number;
  cwcProduceId?: number;
  cwcReferId?: number;
};

type HistoryValues = Omit<
  typeof childHistory.$inferInsert,
  'id' | 'childregId' | 'created_by' | 'created_at' | 'updated_at' | 'deleted_at'
>;

/** Inserts the checked document rows (files already stored, their names in `names` by key); answers their ids. */
export async function insertDocuments(
  tx: Db,
  rows: readonly Record<string, unknown>[] | undefined,
  owner: DocumentOwner,
  user: AuthUser,
  names: Map<string, string>,
  list = 'documents',
): Promise<number[]> {
  const values = (rows ?? [])
    .map((row, i) => ({ row, i }))
    .filter(({ row }) => row.id === undefined || row.id === null)
    .map(({ row, i }) => ({
      ...owner,
      tagId: typeof row.tagId === 'number' ? row.tagId : null,
      doc_date: typeof row.doc_date === 'string' ? row.doc_date : null,
      filename: names.get(`${list}.${i}.filename`) ?? null,
      profile_audio_name: names.get(`${list}.${i}.profile_audio_name`) ?? null,
      comment: typeof row.comment === 'string' ? row.comment : null,
      status: row.status === 0 ? 0 : 1,
      created_by: user.id,
    }));
  if (values.length === 0) return [];
  const inserted = await tx.insert(childDocuments).values(values).returning({ id: childDocuments.id });
  return inserted.map((r) => r.id);
}

export async function logActivity(
  tx: Db,
  childregId: number,
  centerId: number | null,
  activity: string,
  comment: string | null,
  user: AuthUser,
) {
  await tx.insert(activityLogs).values({ childregId, centerId, activity, comment, created_by: user.id });
}

/** Writes one history entry of an action with its activity line and refreshes the child. */
export async function recordAction(
  tx: Db,
  child: { id: number; centerdetailId: number },
  user: AuthUser,
  values: HistoryValues & { history_status: string },
  activity: string,
): Promise<number> {
  // The entry that was last of its table no longer is: a delete queued against it on a
  // device that has not seen this one fails its If-Match (409) and becomes a conflict to
  // review, instead of deleting an entry the user did not see as last.
  const previous = await newestOf(tx, child.id, groupOf(values.history_status).statuses);
  if (previous !== undefined)
    await tx
      .update(childHistory)
      .set({ updated_at: nextUpdatedAt(childHistory.updated_at) })
      .where(eq(childHistory.id, previous));
  const [row] = await tx
    .insert(childHistory)
    .values({
      centerId: child.centerdetailId,
      history_date: values.transfer_date,
      ...values,
      childregId: child.id,
      created_by: user.id,
    })
    .returning({ id: childHistory.id });
  await logActivity(tx, child.id, values.centerId ?? child.centerdetailId, activity, values.comment ?? null, user);
  await notifyReaders(tx, {
    childregId: child.id,
    centerId: child.centerdetailId,
    authorId: user.id,
    comment: activity,
  });
  await touchChild(tx, child.id);
  return row.id;
}

/** The newest live entry of a child among `statuses`: the only one of that table that may be deleted. */
export async function newestOf(tx: Db, childId: number, statuses: readonly string[]): Promise<number | undefined> {
  const rows = await tx
    .select({ id: childHistory.id, status: childHistory.history_status })
    .from(childHistory)
    .where(and(eq(childHistory.childregId, childId), isNull(childHistory.deleted_at)))
    .orderBy(desc(childHistory.created_at), desc(childHistory.id));
  return rows.find((r) => statuses.includes(r.status))?.id;
}

/** Soft-deletes a history entry and its documents, logging it and refreshing the child. */
export async function removeEntry(
  tx: Db,
  entry: { id: number; childregId: number; centerId: number | null },
  title: string,
  user: AuthUser,
) {
  await tx
    .update(childHistory)
    .set({ deleted_at: nextUpdatedAt(childHistory.updated_at), updated_at: nextUpdatedAt(childHistory.updated_at) })
    .where(eq(childHistory.id, entry.id));
  await tx
    .update(childDocuments)
    .set({ deleted_at: nextUpdatedAt(childDocuments.updated_at), updated_at: nextUpdatedAt(childDocuments.updated_at) })
    .where(and(eq(childDocuments.historyId, entry.id), isNull(childDocuments.deleted_at)));
  await logActivity(tx, entry.childregId, entry.centerId, `${title} deleted`, null, user);
  await touchChild(tx, entry.childregId);
}
