import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { isFileLike, messages, userCreateFormSchema, userUpdateFormSchema } from '../../sync/contract';
import { guardedAnswer, type WriteVerdict } from '../admin/answers';
import { adminMessages } from '../admin/messages';
import { hashPassword } from '../auth/password';
import type { AppEnv } from '../core/context';
import { fail, idParam, ok, bodyId } from '../core/http';
import { USER_IMAGE_PATH } from '../core/messages';
import { checkPatch, checkSchema, invalid, type Issue } from '../core/validation';
import type { Db } from '../db/client';
import { apiTokens, users } from '../db/schema';
import { nextUpdatedAt } from '../delta/timestamps';
import type { CheckedImage } from '../files/uploads';
import { removeUserImage, storeUserImage } from './images';
import {
  emailTaken,
  lockUser,
  readUserBody,
  referenceIssues,
  userColumnsOf,
  userRecord,
  type UserRow,
} from './records';

/*
 * Users add (/register) and update (multipart, spec part 1 sections 3, 5, 7), delete.
 * E-mails are fixed once created; a blank password on update keeps the old one.
 */

/** POST /register. */
export async function registerUser(c: Context<AppEnv>) {
  const { body, image, extra } = await readUserBody(c);
  // A new user cannot "keep" a file name: it could be another user's picture.
  if (typeof body.image === 'string') delete body.image;
  const checked = checkSchema(userCreateFormSchema, body, extra);
  if (!checked.ok) return invalid(c, checked.issues);
  const data = checked.data as Record<string, unknown> & { email: string; password: string };
  const { db, fileStore } = c.get('deps');
  const issues = await referenceIssues(db, Number(data.role_id), Number(data.centertypeId));
  if (await emailTaken(db, data.email)) issues.unshift({ path: 'email', message: messages.emailTaken });
  if (issues.length) return invalid(c, issues);
  const stored = image ? await storeUserImage(fileStore, image) : null;
  try {
    const [row] = await db
      .insert(users)
      .values({
        ...userColumnsOf(data),
        email: data.email,
        password_hash: await hashPassword(data.password),
        image: stored,
      })
      .returning({ id: users.id });
    return ok(c, await userRecord(db, row.id), { message: adminMessages.userAdded, image_path: USER_IMAGE_PATH });
  } catch (error) {
    await removeUserImage(fileStore, stored);
    throw error;
  }
}

type UserUpdate = {
  sent: Record<string, unknown>;
  extra: Issue[];
  image: CheckedImage | undefined;
  meId: number;
  /** The picture this update stored, removed again if the request fails. */
  stored: { image: string | null };
};

/** The sent fields over the stored user, checked, inside the R11 transaction. */
async function updateLocked(tx: Db, row: UserRow, u: UserUpdate): Promise<WriteVerdict<string | null>> {
  const { sent } = u;
  if (typeof sent.email === 'string' && sent.email !== '' && sent.email !== row.email)
    return { issues: [{ path: 'email', message: adminMessages.emailFixed }] };
  const stored = {
    name: row.name,
    email: row.email,
    status: row.status,
    mobile_number: row.mobile_number,
    comment: row.comment,
    centertypeId: row.centerId,
    role_id: row.role_id,
    join_date: row.join_date,
    image: row.image,
  };
  const known = Object.fromEntries(
    Object.keys(userUpdateFormSchema.shape)
      .filter((k) => k in sent && k !== 'id')
      .map((k) => [k, sent[k]]),
  );
  const checked = checkPatch(userUpdateFormSchema, { ...stored, id: row.id }, known, u.extra);
  if (!checked.ok) return { issues: checked.issues };
  const values = userColumnsOf(checked.data);
  const issues =
    values.role_id !== row.role_id || values.centerId !== row.centerId
      ? await referenceIssues(tx, values.role_id, values.centerId)
      : [];
  if (issues.length) return { issues };
  if (row.id === u.meId && values.status !== 1) return { refused: adminMessages.ownAccount };
  const newPassword = checked.data.password;
  const password = typeof newPassword === 'string' && newPassword !== '' ? await hashPassword(newPassword) : null;
  const newImage = u.stored.image;
  await tx
    .update(users)
    .set({
      ...values,
      ...(password ? { password_hash: password } : {}),
      ...(newImage ? { image: newImage } : {}),
      updated_at: nextUpdatedAt(users.updated_at),
    })
    .where(eq(users.id, row.id));
  // A disabled user or a new password ends the sessions this user had.
  if (values.status !== 1 || password) await tx.delete(apiTokens).where(eq(apiTokens.user_id, row.id));
  return { done: newImage ? row.image : null };
}

/** POST /user_update (multipart, R11): the replaced picture is removed once the update is committed. */
export async function updateUser(c: Context<AppEnv>) {
  const { body, image, extra } = await readUserBody(c);
  const id = bodyId(body.id);
  if (id === null) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
  const { id: _id, old_image: _old, centerId: _center, ...sent } = body;
  if (!isFileLike(sent.image)) delete sent.image;
  const { db, fileStore } = c.get('deps');
  const update: UserUpdate = { sent, extra, image, meId: c.get('user').id, stored: { image: null } };
  let committed = false;
  try {
    // Stored before the transaction (a store in the database writes through the pool, whose only
    // PGlite connection the transaction holds) and removed again unless the update commits it.
    if (image) update.stored.image = await storeUserImage(fileStore, image);
    const answer = await guardedAnswer(c, {
      lock: (tx) => lockUser(tx, id),
      write: (tx, row) => updateLocked(tx, row, update),
      current: () => userRecord(db, id),
      onDone: async (replaced) => {
        committed = true;
        await removeUserImage(fileStore, replaced);
        return ok(c, await userRecord(db, id), { message: adminMessages.userUpdated, image_path: USER_IMAGE_PATH });
      },
    });
    if (!committed) await removeUserImage(fileStore, update.stored.image);
    return answer;
  } catch (error) {
    // A picture the committed row names stays, whatever failed after the commit.
    if (!committed) await removeUserImage(fileStore, update.stored.image);
    throw error;
  }
}

/** DELETE /user_delete/{id}: never one's own account; the user's sessions end. */
export async function deleteUser(c: Context<AppEnv>) {
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const me = c.get('user');
  const { db } = c.get('deps');
  return guardedAnswer(c, {
    lock: (tx) => lockUser(tx, id),
    write: async (tx, row) => {
      if (row.id === me.id) return { refused: adminMessages.ownAccount };
      // The e-mail is unique in the table, tombstones included: freed for a new account.
      await tx
        .update(users)
        .set({
          email: `deleted-${row.id}-${row.email}`,
          deleted_at: nextUpdatedAt(users.updated_at),
          updated_at: nextUpdatedAt(users.updated_at),
        })
        .where(eq(users.id, row.id));
      await tx.delete(apiTokens).where(eq(apiTokens.user_id, row.id));
      return { done: null };
    },
    current: () => userRecord(db, id),
    onDone: () => c.json({ success: true, message: messages.userDeleted }),
  });
}
