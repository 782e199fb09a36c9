import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { actionDeleted, can, messages } from '../../sync/contract';
import { conflictAnswer } from '../children/change';
import type { AppEnv } from '../context';
import { childHistory } from '../db/schema';
import { listHistory } from '../history/list';
import { addMedical, lockChildOf, lockEntry, newestEntryId, touchChild, updateMedical } from '../history/medical';
import { historyRecord } from '../history/records';
import { fail, idParam, ok } from '../http';
import { serverMessages } from '../messages';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { invalid } from '../validation';

/** Titles of the history tables, for the '{title} deleted successfully' toast. */
const titles: Record<string, string> = {
  medical_issue: 'Medical',
  education: 'Education',
  mhp: 'MHP',
  restoration: 'Restore',
  restoration_follow_up: 'Restoration Follow-Up',
  follow_up: 'Follow-Ups',
  social_protection_scheme: 'Social Protection Scheme',
};

/**
 * Child history (medical so far): create and update of medical entries, the generic
 * listing_delete, history_view and the /history list the sync engine pulls.
 */
export function registerHistoryRoutes(api: Hono<AppEnv>) {
  api.post('/medical_consent', addMedical);
  api.post('/update_medical', updateMedical);
  api.get('/history', listHistory);

  api.get('/history_view/:id', async (c) => {
    const user = c.get('user');
    if (!can(user, 'view', 'child_tracking')) return fail(c, 403, messages.forbidden);
    const id = idParam(c.req.param('id'));
    const record = id === null ? null : await historyRecord(c.get('deps').db, id, user);
    return record ? ok(c, record) : fail(c, 404, messages.notFound);
  });

  /**
   * DELETE /listing_delete/:id: spec section 4, "only the last entry may be deleted" of
   * a history table, i.e. the newest live entry of the same child and status; any other
   * is 422. The child row is locked so an entry added meanwhile cannot slip past the check.
   */
  api.delete('/listing_delete/:id', async (c) => {
    const user = c.get('user');
    if (!can(user, 'delete', 'child_tracking')) return fail(c, 403, messages.forbidden);
    const id = idParam(c.req.param('id'));
    if (id === null) return fail(c, 404, messages.notFound);
    const { db } = c.get('deps');
    const outcome = await guardedWrite(db, readIfMatch(c.req.header('if-match')), (tx) => lockEntry(tx, id, user, null), async (tx, row) => {
      await lockChildOf(tx, row.childregId, user);
      if ((await newestEntryId(tx, row.childregId, row.history_status)) !== row.id) return { refused: true, status: row.history_status };
      await tx
        .update(childHistory)
        .set({ deleted_at: nextUpdatedAt(childHistory.updated_at), updated_at: nextUpdatedAt(childHistory.updated_at) })
        .where(eq(childHistory.id, row.id));
      await touchChild(tx, row.childregId);
      return { refused: false, status: row.history_status };
    });
    if (outcome.status === 'missing') return fail(c, 404, messages.notFound);
    if (outcome.status === 'conflict') return conflictAnswer(c, await historyRecord(db, id, user));
    if (outcome.value.refused) return invalid(c, [{ path: 'id', message: serverMessages.onlyLastEntry }]);
    const title = titles[outcome.value.status];
    return c.json({ success: true, message: title ? actionDeleted(title) : messages.deleted });
  });
}
