import type { Context } from 'hono';
import { can, centerChangeFormSchema, followUpsFormSchema, messages } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { lockChildOf } from '../history/locks';
import { historyRecord } from '../history/records';
import { fail, ok, readBody } from '../core/http';
import { unflatten } from '../core/multipart';
import { checkSchema, invalid, tooLongIssues, type Issue } from '../core/validation';
import { prepareFiles, removeFiles, storeFiles } from './files';
import { insertDocuments, recordAction } from './record';
import { knownTexts, moveChild } from './save';

type Row = { restoration_method: string; transfer_date: string; comment: string };

/**
 * POST /follow_up: rows as follow_up_data[i][field]; one 'follow_up' entry per row, each
 * row's file a document of its entry. Answers the last entry as data and all as `rows`.
 */
export async function saveFollowUps(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'create', 'child_tracking')) return fail(c, 403, messages.forbidden);
  const body = unflatten(await readBody(c));
  // No rows at all is the first row's missing method.
  body.follow_up_data ??= [];
  const files = await prepareFiles(body);
  const rows = Array.isArray(body.follow_up_data) ? (body.follow_up_data as Record<string, unknown>[]) : [];
  const lengths = rows.flatMap((row, i) =>
    typeof row === 'object' && row
      ? tooLongIssues({ comment: row.comment }).map((x) => ({ ...x, path: `follow_up_data.${i}.comment` }))
      : [],
  );
  const checked = checkSchema(followUpsFormSchema, body, [...files.issues, ...lengths]);
  if (!checked.ok) return invalid(c, checked.issues);
  const { db, fileStore } = c.get('deps');
  const names = await storeFiles(fileStore, files);
  try {
    const ids = await db.transaction(async (tx) => {
      const child = await lockChildOf(tx, checked.data.childregId, user);
      if (!child) return null;
      const made: number[] = [];
      for (const [i, row] of (checked.data.follow_up_data as Row[]).entries()) {
        const id = await recordAction(
          tx,
          child,
          user,
          {
            history_status: 'follow_up',
            restoration_method: row.restoration_method,
            transfer_date: row.transfer_date,
            comment: row.comment,
          },
          'Follow Up added',
        );
        const file = names.get(`follow_up_data.${i}.filename`);
        if (file)
          await insertDocuments(
            tx,
            [{}],
            { childregId: child.id, historyId: id },
            user,
            new Map([['file.0.filename', file]]),
            'file',
          );
        made.push(id);
      }
      return made;
    });
    if (!ids) {
      await removeFiles(fileStore, names);
      return fail(c, 404, messages.notFound);
    }
    const records = await Promise.all(ids.map((id) => historyRecord(db, id, user)));
    return ok(c, records.at(-1), { message: 'Follow Up added successfully', rows: records } as never);
  } catch (error) {
    await removeFiles(fileStore, names);
    throw error;
  }
}

/** POST /center_change: centerId, date, comment; the child moves, the Centers table gets a 'transfer' entry. */
export async function changeCenter(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'create', 'child_tracking')) return fail(c, 403, messages.forbidden);
  const body = unflatten(await readBody(c));
  const checked = checkSchema(centerChangeFormSchema, body, tooLongIssues(knownTexts(centerChangeFormSchema, body)));
  if (!checked.ok) return invalid(c, checked.issues);
  const data = checked.data;
  const { db } = c.get('deps');
  let refused: Issue | null = null;
  const id = await db
    .transaction(async (tx) => {
      const child = await lockChildOf(tx, data.childregId, user);
      if (!child) return null;
      refused = await moveChild(tx, child.id, data.centerId);
      if (refused) tx.rollback();
      // The child is now at the new center: its readers are the ones told (R20).
      return recordAction(
        tx,
        { ...child, centerdetailId: data.centerId },
        user,
        { history_status: 'transfer', centerId: data.centerId, transfer_date: data.date, comment: data.comment },
        'Center changed',
      );
    })
    .catch((error: unknown) => {
      if (refused) return undefined;
      throw error;
    });
  if (id === undefined) return invalid(c, refused ? [refused] : []);
  if (id === null) return fail(c, 404, messages.notFound);
  return ok(c, await historyRecord(db, id, user), { message: 'Center changed successfully' });
}
