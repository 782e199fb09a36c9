import { and, eq, getTableColumns, isNull, ne, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { one, paged, stamps, type Page } from '../admin/records';
import { adminMessages } from '../admin/messages';
import type { AppEnv } from '../core/context';
import { readBody } from '../core/http';
import { serverMessages } from '../core/messages';
import { tooLongIssues, type Issue } from '../core/validation';
import type { Db } from '../db/client';
import { centers, roles, users } from '../db/schema';
import type { ListedRow } from '../delta/delta';
import { readImage } from '../files/uploads';

/** Users as every call answers them (server/admin/records.ts), and what their writes read. */

const { deleted_at: _deleted, password_hash: _hash, ...userColumns } = getTableColumns(users);

/**
 * Users with their role and center names; never the password hash. `centertypeId`
 * repeats centerId because the spec's user form names the center field so.
 */
export async function userRecords(db: Db, where: SQL | undefined, page: Page): Promise<ListedRow[]> {
  const query = db
    .select({
      user: userColumns,
      role: { id: roles.id, name: roles.name },
      center: { id: centers.id, name: centers.name },
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(centers, eq(centers.id, users.centerId))
    .where(where)
    .$dynamic();
  return (await paged(query, page)).map(({ user, role, center }) => ({
    ...stamps(user),
    centertypeId: user.centerId,
    role,
    center_data: center,
  }));
}

export const userRecord = (db: Db, id: number) =>
  one(userRecords(db, and(eq(users.id, id), isNull(users.deleted_at)), { orderBy: [] }));

export const lockUser = (tx: Db, id: number) =>
  tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deleted_at)))
    .for('update')
    .then((rows) => rows[0]);

export type UserRow = NonNullable<Awaited<ReturnType<typeof lockUser>>>;

/** The role and the center must be live records. */
export async function referenceIssues(db: Db, roleId: number, centerId: number): Promise<Issue[]> {
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

export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/**
 * The body as the form schemas read it, the image checked by its bytes first. The center
 * travels as `centertypeId` (the spec's form field name); `centerId` is read too, as the
 * sync engine sends the stored record back with the changes. E-mails are stored lower-case.
 */
export async function readUserBody(c: Context<AppEnv>) {
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

/** The users table's columns from checked form data. */
export const userColumnsOf = (data: Record<string, unknown>) => ({
  name: String(data.name),
  status: Number(data.status),
  mobile_number: (data.mobile_number as string | undefined) ?? null,
  join_date: (data.join_date as string | null | undefined) ?? null,
  comment: (data.comment as string | undefined) ?? null,
  role_id: Number(data.role_id),
  centerId: Number(data.centertypeId),
});
