import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { can, medicalFormSchema, messages } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { childHistory } from '../db/schema';
import { bodyId, fail, ok, readBody } from '../core/http';
import { serverMessages } from '../core/messages';
import { unflatten } from '../core/multipart';
import { conflictAnswer } from '../delta/conflict-answer';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { checkPatch, invalid, tooLongIssues } from '../core/validation';
import { lockEntry, touchChild } from './locks';
import { historyRecord } from './records';

/*
 * Medical entries (spec part 1 sections 3 and 5): POST /medical_consent creates one
 * (server/actions/save.ts, like every action), POST /update_medical changes one under
 * the history locks every action shares (./locks.ts).
 */

const MEDICAL = 'medical_issue';

const medicalFields = (data: Record<string, unknown>) => ({
  medical_issues: String(data.medical_issues),
  transfer_date: String(data.transfer_date),
  history_date: String(data.transfer_date),
  comment: String(data.comment),
});

const textFields = (body: Record<string, unknown>) => ({
  medical_issues: body.medical_issues,
  comment: body.comment,
  transfer_date: body.transfer_date,
});

export async function updateMedical(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'edit', 'child_tracking')) return fail(c, 403, messages.forbidden);
  const body = unflatten(await readBody(c));
  const id = bodyId(body.id);
  if (id === null) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
  // An entry stays with its child; only its own fields change.
  const sent = Object.fromEntries(
    ['transfer_date', 'medical_issues', 'comment', 'documents'].filter((k) => k in body).map((k) => [k, body[k]]),
  );
  const extra = tooLongIssues(textFields(sent));
  const { db } = c.get('deps');
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) => lockEntry(tx, id, user, MEDICAL),
    async (tx, row) => {
      const stored = {
        childregId: row.childregId,
        transfer_date: row.transfer_date ?? undefined,
        medical_issues: row.medical_issues ?? undefined,
        comment: row.comment ?? undefined,
      };
      const checked = checkPatch(medicalFormSchema, stored, sent, extra);
      if (!checked.ok) return { issues: checked.issues };
      await tx
        .update(childHistory)
        .set({ ...medicalFields(checked.data), updated_at: nextUpdatedAt(childHistory.updated_at) })
        .where(eq(childHistory.id, row.id));
      await touchChild(tx, row.childregId);
      return {};
    },
  );
  if (outcome.status === 'missing') return fail(c, 404, messages.notFound);
  if (outcome.status === 'conflict') return conflictAnswer(c, await historyRecord(db, id, user));
  if ('issues' in outcome.value && outcome.value.issues) return invalid(c, outcome.value.issues);
  return ok(c, await historyRecord(db, id, user), { message: serverMessages.medicalUpdated });
}
