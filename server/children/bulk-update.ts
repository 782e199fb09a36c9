import type { Context } from 'hono';
import type { z } from 'zod';
import {
  BULK_UPDATE_MAX,
  bulkHistoryEntry,
  bulkUpdatedMessage,
  bulkUpdateSchema,
  can,
  messages,
  type BulkUpdate,
} from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { moveChild } from '../actions/save';
import { recordAction } from '../actions/record';
import { lockChildOf } from '../history/locks';
import { historyRecord } from '../history/records';
import { fail, ok, readBody } from '../core/http';
import { unflatten } from '../core/multipart';
import { checkSchema, invalid, tooLongIssues, type Issue } from '../core/validation';

/*
 * POST /bulk_update (spec part 1 sections 3, 5, 7): one update of the Bulk Update Details
 * modal for every selected child. `bulk` is the child ids, or for a center move pairs of
 * childregId and centerId. Each child gets the history entry the per-child action of
 * that type writes (with its activity line and the child's new updated_at), all in ONE
 * transaction: a child that is missing, deleted or of another center (for a center-bound
 * user) refuses the whole request and nothing is written. It needs edit on
 * child_registration (the endpoint row) and create on child_tracking (the entries).
 */

const activities: Record<BulkUpdate['type'], string> = {
  education: 'Education added',
  medical: 'Medical added',
  mhp: 'MHP added',
  'follow-ups': 'Follow Up added',
  sps: 'Social Protection Scheme added',
  center: 'Center changed',
};

/** The schema of the body's type, or null when the type is missing or unknown. */
function variantOf(type: unknown): z.ZodObject | null {
  const variant = bulkUpdateSchema.options.find((o) => o.shape.type.value === type);
  return (variant as z.ZodObject | undefined) ?? null;
}

/** Thrown inside the transaction to roll it back; carries what the answer says. */
class Refusal extends Error {
  constructor(readonly answer: { missing: true } | { issue: Issue }) {
    super('refused');
  }
}

export async function bulkUpdate(c: Context<AppEnv>) {
  const user = c.get('user');
  // The spec ties Bulk Update to edit on child_registration; every child also gets a
  // history entry (and a center move), which alone needs create on child_tracking, as
  // /medical_consent or /center_change would. Without it Bulk Update is a way around it.
  if (!can(user, 'edit', 'child_registration') || !can(user, 'create', 'child_tracking'))
    return fail(c, 403, messages.forbidden);
  const body = unflatten(await readBody(c));
  const schema = variantOf(body.type);
  if (!schema) return invalid(c, [{ path: 'type', message: 'The type field is required.' }]);
  const lengths = tooLongIssues({ comment: body.comment, social_protection_scheme: body.social_protection_scheme });
  const count = Array.isArray(body.bulk) ? body.bulk.length : 0;
  if (count > BULK_UPDATE_MAX)
    lengths.push({ path: 'bulk', message: `The bulk field must not have more than ${BULK_UPDATE_MAX} items.` });
  const checked = checkSchema(schema, body, lengths);
  if (!checked.ok) return invalid(c, checked.issues);
  const update = checked.data as BulkUpdate;

  // A child named twice is updated once.
  const targets = new Map<number, number | undefined>();
  if (update.type === 'center') for (const pair of update.bulk) targets.set(pair.childregId, pair.centerId);
  else for (const id of update.bulk) targets.set(id, undefined);

  const { db } = c.get('deps');
  try {
    const ids = await db.transaction(async (tx) => {
      const made: number[] = [];
      // Ascending ids: two bulk updates over overlapping children lock them in one order.
      for (const [childId, centerId] of [...targets].sort(([a], [b]) => a - b)) {
        const child = await lockChildOf(tx, childId, user);
        if (!child) throw new Refusal({ missing: true });
        if (centerId !== undefined) {
          const issue = await moveChild(tx, child.id, centerId);
          if (issue) throw new Refusal({ issue: { ...issue, path: 'bulk' } });
        }
        const entry = bulkHistoryEntry(update, centerId) as Parameters<typeof recordAction>[3];
        made.push(await recordAction(tx, child, user, entry, activities[update.type]));
      }
      return made;
    });
    const records = await Promise.all(ids.map((id) => historyRecord(db, id, user)));
    return ok(c, records, { message: bulkUpdatedMessage });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    // Another center's child is 404 as for every child call: its existence is not told.
    if ('missing' in error.answer) return fail(c, 404, messages.notFound);
    return invalid(c, [error.answer.issue]);
  }
}
