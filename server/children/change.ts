import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  can,
  canReachCenter,
  childUpdateSchema,
  isFileLike,
  isFilled,
  messages,
  type Principal,
} from '../../sync/contract';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { centers, childHistory, children } from '../db/schema';
import { readImage, removeUpload, storeUpload } from '../files/uploads';
import { fail, idParam, ok, readBody } from '../core/http';
import { serverMessages } from '../core/messages';
import { unflatten } from '../core/multipart';
import { conflictAnswer } from '../delta/conflict-answer';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { checkPatch, invalid, tooLongIssues, type Issue } from '../core/validation';
import { childAsInput, childColumns } from './fields';
import { removeFiles, storeFiles } from '../actions/files';
import { insertDocuments } from '../actions/record';
import { documentRowIssues, prepareDocumentFiles } from './documents';
import { CHILD_IMAGE_PATH, childRecord, childScope, liveChild } from './records';

/*
 * Update and delete of a child under the sync precondition (If-Match, R11). Another
 * center's child is 404, not 403, for a center-bound user: it cannot tell whether such a
 * record exists, exactly as if it had been deleted.
 */

/** Locks a live child the user may reach (SELECT ... FOR UPDATE). */
const lockChild = (tx: Db, id: number, user: Principal) =>
  tx
    .select()
    .from(children)
    .where(and(eq(children.id, id), liveChild, childScope(user)))
    .for('update')
    .then((rows) => rows[0]);

/** POST /child_update (multipart, `id`): a partial update merged onto the stored child. */
export async function updateChild(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'edit', 'child_registration')) return fail(c, 403, messages.forbidden);
  const body = unflatten(await readBody(c));
  const idCheck = childUpdateSchema.shape.id.safeParse(body.id);
  if (!idCheck.success) return invalid(c, [{ path: 'id', message: idCheck.error.issues[0].message }]);
  const id = idCheck.data;
  const { id: _id, old_image: _old, ...sent } = body;
  // No new file means the stored image stays (old_image is the spec client's way of saying so).
  if (!isFileLike(sent.image)) delete sent.image;
  if (isFilled(sent.centerdetailId) && !canReachCenter(user, Number(sent.centerdetailId)))
    return fail(c, 403, messages.forbidden);
  const { value: checkedImage, image, issue } = await readImage('image', sent.image);
  if (checkedImage !== undefined) sent.image = checkedImage;
  // New document rows (no id) are added to the child; rows with an id are its stored ones, left as they are.
  const files = await prepareDocumentFiles(sent);
  const known = Object.fromEntries(
    Object.keys(childUpdateSchema.shape)
      .filter((k) => k in sent)
      .map((k) => [k, sent[k]]),
  );
  const extra: Issue[] = [
    ...(issue ? [issue] : []),
    ...tooLongIssues(known),
    ...files.issues,
    ...documentRowIssues(sent.documents),
  ];

  const { db, fileStore } = c.get('deps');
  let newImage: string | null = null;
  let names = new Map<string, string>();
  let committed = false;
  // Files the committed row names stay, whatever fails after the commit.
  const discard = async () => {
    if (committed) return;
    await removeUpload(fileStore, 'children', newImage);
    await removeFiles(fileStore, names);
  };
  try {
    // Stored before the transaction, and removed again if it does not commit them: a store in
    // the database writes through the pool, whose only PGlite connection the transaction holds.
    if (image) newImage = await storeUpload(fileStore, 'children', image);
    names = await storeFiles(fileStore, files);
    const outcome = await guardedWrite(
      db,
      readIfMatch(c.req.header('if-match')),
      (tx) => lockChild(tx, id, user),
      async (tx, row) => {
        const checked = checkPatch(childUpdateSchema, childAsInput(row), known, extra);
        if (!checked.ok) return { issues: checked.issues };
        const values = childColumns(checked.data);
        if (values.centerdetailId && values.centerdetailId !== row.centerdetailId) {
          const [center] = await tx
            .select({ id: centers.id })
            .from(centers)
            .where(and(eq(centers.id, values.centerdetailId), isNull(centers.deleted_at)));
          if (!center) return { issues: [{ path: 'centerdetailId', message: serverMessages.invalidCenter }] };
        }
        if (Array.isArray(checked.data.documents))
          await insertDocuments(
            tx,
            checked.data.documents as Record<string, unknown>[],
            { childregId: row.id },
            user,
            names,
          );
        await tx
          .update(children)
          .set({ ...values, ...(newImage ? { image: newImage } : {}), updated_at: nextUpdatedAt(children.updated_at) })
          .where(eq(children.id, row.id));
        return { replaced: newImage ? row.image : null };
      },
    );
    if (outcome.status !== 'ok' || outcome.value.issues) await discard();
    if (outcome.status === 'missing') return fail(c, 404, messages.notFound);
    if (outcome.status === 'conflict') return conflictAnswer(c, await childRecord(db, id, user));
    if (outcome.value.issues) return invalid(c, outcome.value.issues);
    committed = true;
    await removeUpload(fileStore, 'children', outcome.value.replaced);
    return ok(c, await childRecord(db, id, user), {
      message: serverMessages.childUpdated,
      image_path: CHILD_IMAGE_PATH,
    });
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * DELETE /child_delete/:id: a soft delete, the tombstone delta pulls report. The child's
 * history goes with it in the same transaction, so history pulls drop it too.
 */
export async function deleteChild(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'delete', 'child_registration')) return fail(c, 403, messages.forbidden);
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) => lockChild(tx, id, user),
    async (tx, row) => {
      await tx
        .update(children)
        .set({ deleted_at: nextUpdatedAt(children.updated_at), updated_at: nextUpdatedAt(children.updated_at) })
        .where(eq(children.id, row.id));
      await tx
        .update(childHistory)
        .set({ deleted_at: nextUpdatedAt(childHistory.updated_at), updated_at: nextUpdatedAt(childHistory.updated_at) })
        .where(and(eq(childHistory.childregId, row.id), isNull(childHistory.deleted_at)));
    },
  );
  if (outcome.status === 'missing') return fail(c, 404, messages.notFound);
  if (outcome.status === 'conflict') return conflictAnswer(c, await childRecord(db, id, user));
  return c.json({ success: true, message: messages.childDeleted });
}
