import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import {
  isAdministrator,
  isFileLike,
  messages,
  userCreateFormSchema,
  userFilterSchema,
  userUpdateFormSchema,
} from '../../sync/contract';
import { answerGuarded, type WriteVerdict } from '../admin/answers';
import { answerAdminList, containsText } from '../admin/list';
import { adminMessages } from '../admin/messages';
import { one, userRecords } from '../admin/records';
import { readUserImage, removeUserImage, storeUserImage } from './images';
import { hashPassword } from '../auth/password';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { apiTokens, centers, roles, users } from '../db/schema';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { readImage, sniffImage, type CheckedImage } from '../files/uploads';
import { fail, idParam, ok, readBody, bodyId } from '../core/http';
import { serverMessages, USER_IMAGE_PATH } from '../core/messages';
import { checkPatch, checkSchema, invalid, tooLongIssues, type Issue } from '../core/validation';

/*
 * Users administration (spec part 1, sections 3, 5, 7): list with filters (center, role,
 * name) and image_path, add (/register) and update (multipart), delete. E-mails are
 * stored lower-case and fixed once created; a blank password on update keeps the old
 * one. The center travels as `centertypeId` (the spec's form field name); `centerId` is
 * read too, as the sync engine sends the stored record back with the changes.
 */

const lockUser = (tx: Db, id: number) =>
  tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deleted_at)))
    .for('update')
    .then((rows) => rows[0]);

const userRecord = (db: Db, id: number) =>
  one(userRecords(db, and(eq(users.id, id), isNull(users.deleted_at)), { orderBy: [] }));

async function referenceIssues(db: Db, roleId: number, centerId: number): Promise<Issue[]> {
  const issues: Issue[] = [];
  const [center] = await db
    .select({ id: centers.id })
    .from(centers)
    .where(and(eq(centers.id, centerId), isNull(centers.deleted_at)));
  if (!center) issues.push({ path: 'centertypeId', message: serverMessages.invalidCenter });
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, roleId), isNull(roles.deleted_at)));
  if (!role) issues.push({ path: 'role_id', message: adminMessages.invalidRole });
  return issues;
}

async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** The body as the form schemas read it, the image checked by its bytes first. */
async function readUserBody(c: Context<AppEnv>) {
  const body = await readBody(c);
  if ((body.centertypeId === undefined || body.centertypeId === '') && body.centerId !== undefined)
    body.centertypeId = body.centerId;
  if (typeof body.email === 'string') body.email = body.email.trim().toLowerCase();
  const { value, image, issue } = await readImage('image', body.image);
  if (value !== undefined) body.image = value;
  const texts = Object.fromEntries(
    ['name', 'email', 'comment', 'mobile_number'].filter((k) => k in body).map((k) => [k, body[k]]),
  );
  return { body, image, extra: [...(issue ? [issue] : []), ...tooLongIssues(texts)] };
}

const columns = (data: Record<string, unknown>) => ({
  name: String(data.name),
  status: Number(data.status),
  mobile_number: (data.mobile_number as string | undefined) ?? null,
  join_date: (data.join_date as string | null | undefined) ?? null,
  comment: (data.comment as string | undefined) ?? null,
  role_id: Number(data.role_id),
  centerId: Number(data.centertypeId),
});

export function registerAdminUserRoutes(api: Hono<AppEnv>) {
  api.get('/users', async (c) => {
    const filter = userFilterSchema.safeParse(c.req.query());
    const f = filter.success ? filter.data : {};
    const where = and(
      f.centertypeId ? eq(users.centerId, f.centertypeId) : undefined,
      f.role_id ? eq(users.role_id, f.role_id) : undefined,
      f.name ? containsText(users.name, f.name) : undefined,
    );
    return answerAdminList(c, {
      table: users,
      where,
      newestFirst: true,
      rows: (db, w, orderBy, limit, offset) => userRecords(db, w, { orderBy, limit, offset }),
      extra: { image_path: USER_IMAGE_PATH },
    });
  });

  api.post('/register', async (c) => {
    const { body, image, extra } = await readUserBody(c);
    // A new user cannot "keep" a file name: it could be another user's picture.
    if (typeof body.image === 'string') delete body.image;
    const checked = checkSchema(userCreateFormSchema, body, extra);
    if (!checked.ok) return invalid(c, checked.issues);
    const data = checked.data as Record<string, unknown> & { email: string; password: string };
    const { db, uploadsDir } = c.get('deps');
    const issues = await referenceIssues(db, Number(data.role_id), Number(data.centertypeId));
    if (await emailTaken(db, data.email)) issues.unshift({ path: 'email', message: messages.emailTaken });
    if (issues.length) return invalid(c, issues);
    const stored = image ? await storeUserImage(uploadsDir, image) : null;
    try {
      const [row] = await db
        .insert(users)
        .values({
          ...columns(data),
          email: data.email,
          password_hash: await hashPassword(data.password),
          image: stored,
        })
        .returning({ id: users.id });
      return ok(c, await userRecord(db, row.id), { message: adminMessages.userAdded, image_path: USER_IMAGE_PATH });
    } catch (error) {
      await removeUserImage(uploadsDir, stored);
      throw error;
    }
  });

  api.post('/user_update', async (c) => {
    const { body, image, extra } = await readUserBody(c);
    const id = bodyId(body.id);
    if (id === null) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
    const { id: _id, old_image: _old, centerId: _center, ...sent } = body;
    if (!isFileLike(sent.image)) delete sent.image;
    const me = c.get('user');
    const { db, uploadsDir } = c.get('deps');
    let newImage: string | null = null;
    try {
      const outcome = await guardedWrite(
        db,
        readIfMatch(c.req.header('if-match')),
        (tx) => lockUser(tx, id),
        async (tx, row): Promise<WriteVerdict<string | null>> => {
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
          const checked = checkPatch(userUpdateFormSchema, { ...stored, id }, known, extra);
          if (!checked.ok) return { issues: checked.issues };
          const data = checked.data;
          const values = columns(data);
          const issues =
            values.role_id !== row.role_id || values.centerId !== row.centerId
              ? await referenceIssues(tx, values.role_id, values.centerId)
              : [];
          if (issues.length) return { issues };
          if (row.id === me.id && values.status !== 1) return { refused: adminMessages.ownAccount };
          const password =
            typeof data.password === 'string' && data.password !== '' ? await hashPassword(data.password) : null;
          if (image) newImage = await storeUserImage(uploadsDir, image as CheckedImage);
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
        },
      );
      return await answerGuarded(
        c,
        outcome,
        () => userRecord(db, id),
        async (replaced) => {
          await removeUserImage(uploadsDir, replaced);
          return ok(c, await userRecord(db, id), { message: adminMessages.userUpdated, image_path: USER_IMAGE_PATH });
        },
      );
    } catch (error) {
      await removeUserImage(uploadsDir, newImage);
      throw error;
    }
  });

  api.delete('/user_delete/:id', async (c) => {
    const id = idParam(c.req.param('id'));
    if (id === null) return fail(c, 404, messages.notFound);
    const me = c.get('user');
    const { db } = c.get('deps');
    const outcome = await guardedWrite(
      db,
      readIfMatch(c.req.header('if-match')),
      (tx) => lockUser(tx, id),
      async (tx, row): Promise<WriteVerdict<null>> => {
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
    );
    return answerGuarded(
      c,
      outcome,
      () => userRecord(db, id),
      () => c.json({ success: true, message: messages.userDeleted }),
    );
  });

  // A user's picture: to administrators, and to the user it shows. 404 otherwise.
  api.get('/files/users/:name', async (c) => {
    const me = c.get('user');
    const name = c.req.param('name');
    const { db, uploadsDir } = c.get('deps');
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.image, name), isNull(users.deleted_at)))
      .limit(1);
    if (!owner || (!isAdministrator(me) && owner.id !== me.id)) return fail(c, 404, messages.notFound);
    const bytes = await readUserImage(uploadsDir, name);
    const kind = bytes ? sniffImage(bytes) : null;
    if (!bytes || !kind) return fail(c, 404, messages.notFound);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': kind === 'png' ? 'image/png' : 'image/jpeg',
      'Content-Disposition': 'inline',
    });
  });
}
