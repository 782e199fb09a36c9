import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { actionDeleted, can, messages } from '../../sync/contract';
import { conflictAnswer } from '../delta/conflict-answer';
import { childScope, liveChild } from '../children/records';
import type { AppEnv } from '../core/context';
import { activityLogs, childDocuments, children } from '../db/schema';
import { lockChildOf, lockEntry } from '../history/locks';
import { historyRecord } from '../history/records';
import { fail, idParam } from '../core/http';
import { serverMessages } from '../core/messages';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { invalid } from '../core/validation';
import { groupOf, historyGroups } from './groups';
import { documentRecords, liveDocument, liveLog } from './lists';
import { newestOf, removeEntry } from './record';

/*
 * Deletes of the history tables (spec section 4: "only the last entry may be deleted"):
 * the newest live entry of the child within the entry's table, judged with the child row
 * locked so an entry added meanwhile cannot slip past the check. Under If-Match
 * (sync/SPEC.md R11); a refused delete is 422 with the reason.
 */

/** DELETE /listing_delete/:id, /{x}_delete/:id (fixed table) and /center_history_delete/:id. */
export const deleteEntry = (fixed?: string) => async (c: Context<AppEnv>) => {
  const user = c.get('user');
  if (!can(user, 'delete', 'child_tracking')) return fail(c, 403, messages.forbidden);
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const only = fixed ? historyGroups[fixed] : undefined;
  const { db } = c.get('deps');
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) => lockEntry(tx, id, user, null),
    async (tx, row) => {
      const group = groupOf(row.history_status);
      if (only && !only.statuses.includes(row.history_status)) return { missing: true };
      // A Social Protection Scheme entry also needs the role's `sps` delete permission (spec part 1, section 6).
      if (row.history_status === 'social_protection_scheme' && !can(user, 'delete', 'sps')) return { forbidden: true };
      await lockChildOf(tx, row.childregId, user);
      if ((await newestOf(tx, row.childregId, group.statuses)) !== row.id) return { refused: true };
      await removeEntry(tx, row, group.title, user);
      return { title: group.title };
    },
  );
  if (outcome.status === 'missing' || (outcome.status === 'ok' && 'missing' in outcome.value))
    return fail(c, 404, messages.notFound);
  if (outcome.status === 'conflict') return conflictAnswer(c, await historyRecord(db, id, user));
  if ('forbidden' in outcome.value) return fail(c, 403, messages.forbidden);
  if ('refused' in outcome.value) return invalid(c, [{ path: 'id', message: serverMessages.onlyLastEntry }]);
  return c.json({ success: true, message: actionDeleted(outcome.value.title ?? 'History') });
};

/** DELETE /activitylogs_delete/:id: the child's newest activity line only. */
export async function deleteActivityLog(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'delete', 'child_tracking')) return fail(c, 403, messages.forbidden);
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  const lock = (tx: typeof db) =>
    tx
      .select({ log: activityLogs })
      .from(activityLogs)
      .innerJoin(children, eq(children.id, activityLogs.childregId))
      .where(and(eq(activityLogs.id, id), liveLog, liveChild, childScope(user)))
      .for('update', { of: activityLogs })
      .then((rows) => rows[0]?.log);
  const outcome = await guardedWrite(db, readIfMatch(c.req.header('if-match')), lock, async (tx, row) => {
    await lockChildOf(tx, row.childregId, user);
    const [newest] = await tx
      .select({ id: activityLogs.id })
      .from(activityLogs)
      .where(and(eq(activityLogs.childregId, row.childregId), liveLog))
      .orderBy(desc(activityLogs.created_at), desc(activityLogs.id))
      .limit(1);
    if (newest?.id !== row.id) return false;
    await tx
      .update(activityLogs)
      .set({ deleted_at: nextUpdatedAt(activityLogs.updated_at), updated_at: nextUpdatedAt(activityLogs.updated_at) })
      .where(eq(activityLogs.id, row.id));
    return true;
  });
  if (outcome.status === 'missing') return fail(c, 404, messages.notFound);
  if (outcome.status === 'conflict') return c.json({ success: false, message: serverMessages.changedElsewhere }, 409);
  if (!outcome.value) return invalid(c, [{ path: 'id', message: serverMessages.onlyLastEntry }]);
  return c.json({ success: true, message: actionDeleted('Activity Log') });
}

/** DELETE /child_documents_delete/:id (child_document delete). */
export async function deleteDocument(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'delete', 'child_document')) return fail(c, 403, messages.forbidden);
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  const lock = (tx: typeof db) =>
    tx
      .select({ doc: childDocuments })
      .from(childDocuments)
      .innerJoin(children, eq(children.id, childDocuments.childregId))
      .where(and(eq(childDocuments.id, id), liveDocument, liveChild, childScope(user)))
      .for('update', { of: childDocuments })
      .then((rows) => rows[0]?.doc);
  const outcome = await guardedWrite(db, readIfMatch(c.req.header('if-match')), lock, async (tx, row) => {
    await tx
      .update(childDocuments)
      .set({
        deleted_at: nextUpdatedAt(childDocuments.updated_at),
        updated_at: nextUpdatedAt(childDocuments.updated_at),
      })
      .where(eq(childDocuments.id, row.id));
    if (row.childregId)
      await tx
        .update(children)
        .set({ updated_at: nextUpdatedAt(children.updated_at) })
        .where(eq(children.id, row.childregId));
  });
  if (outcome.status === 'missing') return fail(c, 404, messages.notFound);
  if (outcome.status === 'conflict') {
    const [current] = await documentRecords(db, and(eq(childDocuments.id, id), isNull(childDocuments.deleted_at)), [
      desc(childDocuments.id),
    ]);
    return conflictAnswer(c, current);
  }
  return c.json({ success: true, message: messages.documentDeleted });
}
