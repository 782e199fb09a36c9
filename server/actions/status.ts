import { and, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { can, educationFormSchema, messages, mhpFormSchema } from '../../sync/contract';
import { conflictAnswer } from '../delta/conflict-answer';
import { childScope, liveChild } from '../children/records';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { childHistory, children } from '../db/schema';
import { lockChildOf, lockEntry, touchChild } from '../history/locks';
import { historyRecord, liveHistory } from '../history/records';
import { fail, idParam, ok, readBody, bodyId } from '../core/http';
import { unflatten } from '../core/multipart';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { checkPatch, invalid, tooLongIssues } from '../core/validation';
import { exitStatuses, historyGroups } from './groups';
import { recordAction } from './record';
import { actionDefs } from './save';

/*
 * GET /child_status/{id} and POST /reopen/{id} (spec section 4): after an exit (an
 * escort or exit method) REOPEN is possible; reopening writes a 'reopen' entry, which
 * makes the child current again. The action flags say which actions make sense now.
 */

const latestStatus = async (db: Db, childId: number) => {
  const [row] = await db
    .select({ status: childHistory.history_status })
    .from(childHistory)
    .where(and(eq(childHistory.childregId, childId), liveHistory))
    .orderBy(desc(childHistory.created_at), desc(childHistory.id))
    .limit(1);
  return row?.status ?? null;
};

export const statusOf = (latest: string | null) => {
  const exited = latest !== null && exitStatuses.includes(latest);
  const open = !exited;
  return {
    reopen: exited,
    actions: {
      restore: open,
      restoration_follow_up: true,
      medical: open,
      education: open,
      mhp: open,
      transfer: open,
      escort_exit: open,
      sps: open,
      follow_up: true,
      center_change: open,
    },
  };
};

export async function childStatus(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'view', 'child_registration')) return fail(c, 403, messages.forbidden);
  const id = idParam(c.req.param('id'));
  const { db } = c.get('deps');
  const [child] =
    id === null
      ? []
      : await db
          .select({ id: children.id })
          .from(children)
          .where(and(eq(children.id, id), liveChild, childScope(user)));
  if (!child) return fail(c, 404, messages.notFound);
  return ok(c, statusOf(await latestStatus(db, child.id)));
}

export async function reopenChild(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'edit', 'child_registration')) return fail(c, 403, messages.forbidden);
  // POST /reopen/{id} (spec section 7): the child is named in the path only.
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  const outcome = await db.transaction(async (tx) => {
    const child = await lockChildOf(tx, id, user);
    if (!child) return 'missing' as const;
    if (!statusOf(await latestStatus(tx, child.id)).reopen) return 'refused' as const;
    return recordAction(
      tx,
      child,
      user,
      { history_status: 'reopen', transfer_date: new Date().toISOString().slice(0, 10), comment: null },
      'Reopened',
    );
  });
  if (outcome === 'missing') return fail(c, 404, messages.notFound);
  if (outcome === 'refused') return invalid(c, [{ path: 'id', message: 'Only an exited child can be reopened.' }]);
  return ok(c, await historyRecord(db, outcome, user), { message: 'Child reopened successfully' });
}

/** POST /update_education and /update_mhp: an entry's own fields, under If-Match. */
export const updateEntry = (key: 'education' | 'mhp') => async (c: Context<AppEnv>) => {
  const user = c.get('user');
  if (!can(user, 'edit', 'child_tracking')) return fail(c, 403, messages.forbidden);
  const def = actionDefs[key];
  const schema = key === 'education' ? educationFormSchema : mhpFormSchema;
  const fields =
    key === 'education'
      ? ['transfer_date', 'education_type', 'education_level', 'comment']
      : ['transfer_date', 'session_number', 'mhp', 'other', 'comment'];
  const body = unflatten(await readBody(c));
  const id = bodyId(body.id);
  if (id === null) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
  const sent = Object.fromEntries(fields.filter((k) => k in body).map((k) => [k, body[k]]));
  const { db } = c.get('deps');
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) => lockEntry(tx, id, user, null),
    async (tx, row) => {
      if (!historyGroups[key === 'education' ? 'education' : 'mhp']!.statuses.includes(row.history_status))
        return { missing: true };
      const stored = Object.fromEntries(
        ['childregId', ...fields].map((k) => [k, (row as Record<string, unknown>)[k] ?? undefined]),
      );
      const checked = checkPatch(schema, stored, sent, tooLongIssues(sent));
      if (!checked.ok) return { issues: checked.issues };
      const entry = def.entry(checked.data);
      const { centerId: _c, ...values } = entry as typeof entry & { centerId?: number };
      await tx
        .update(childHistory)
        .set({ ...values, history_date: values.transfer_date, updated_at: nextUpdatedAt(childHistory.updated_at) })
        .where(eq(childHistory.id, row.id));
      await touchChild(tx, row.childregId);
      return {};
    },
  );
  if (outcome.status === 'missing' || (outcome.status === 'ok' && 'missing' in outcome.value))
    return fail(c, 404, messages.notFound);
  if (outcome.status === 'conflict') return conflictAnswer(c, await historyRecord(db, id, user));
  if ('issues' in outcome.value && outcome.value.issues) return invalid(c, outcome.value.issues);
  return ok(c, await historyRecord(db, id, user), { message: `${def.title} updated successfully` });
};
