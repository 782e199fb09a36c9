import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { centers, roles, tags, users } from '../db/schema';
import type { ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';

/*
 * Centers, tags, roles and users as every call answers them (list rows, the create and
 * update answers, the `data` of a 409): one shape per entity, so the sync engine's merge
 * never sees a field "changed" that only another call left out.
 */

const stamps = <T extends { created_at: Date; updated_at: Date }>(row: T) => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const { deleted_at: _c, ...centerColumns } = getTableColumns(centers);
const { deleted_at: _t, ...tagColumns } = getTableColumns(tags);
const { deleted_at: _r, ...roleColumns } = getTableColumns(roles);
const { deleted_at: _u, password_hash: _p, ...userColumns } = getTableColumns(users);

type Page = { orderBy: SQL[]; limit?: number; offset?: number };

export async function centerRecords(db: Db, where: SQL | undefined, page: Page): Promise<ListedRow[]> {
  let query = db
    .select(centerColumns)
    .from(centers)
    .where(where)
    .orderBy(...page.orderBy)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  return (await query).map(stamps);
}

export async function tagRecords(db: Db, where: SQL | undefined, page: Page): Promise<ListedRow[]> {
  let query = db
    .select(tagColumns)
    .from(tags)
    .where(where)
    .orderBy(...page.orderBy)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  return (await query).map(stamps);
}

export async function roleRecords(db: Db, where: SQL | undefined, page: Page): Promise<ListedRow[]> {
  let query = db
    .select(roleColumns)
    .from(roles)
    .where(where)
    .orderBy(...page.orderBy)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  return (await query).map(stamps);
}

/**
 * Users with their role and center names; never the password hash. `centertypeId`
 * repeats centerId because the spec's user form names the center field so.
 */
export async function userRecords(db: Db, where: SQL | undefined, page: Page): Promise<ListedRow[]> {
  let query = db
    .select({
      user: userColumns,
      role: { id: roles.id, name: roles.name },
      center: { id: centers.id, name: centers.name },
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(centers, eq(centers.id, users.centerId))
    .where(where)
    .orderBy(...page.orderBy)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  return (await query).map(({ user, role, center }) => ({
    ...stamps(user),
    centertypeId: user.centerId,
    role,
    center_data: center,
  }));
}

export const one = async (rows: Promise<ListedRow[]>): Promise<ListedRow | null> => (await rows)[0] ?? null;
