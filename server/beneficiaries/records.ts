import { and, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import { isAllCenterUser, type Principal } from '../../sync/contract';
import type { Db } from '../db/client';
import { beneficiaries, centers, users } from '../db/schema';
import type { ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';

/* A non-registered beneficiary as every call answers it, with its center and author. */

const { deleted_at: _deleted, ...columns } = getTableColumns(beneficiaries);

/** A center-bound user reaches only its center's beneficiaries. */
export const beneficiaryScope = (user: Principal): SQL | undefined =>
  isAllCenterUser(user) ? undefined : eq(beneficiaries.centerId, user.centerId);

export async function beneficiaryRecords(
  db: Db,
  where: SQL | undefined,
  page: { orderBy: SQL[]; limit?: number; offset?: number },
): Promise<ListedRow[]> {
  let query = db
    .select({ b: columns, center: { id: centers.id, name: centers.name }, user: { id: users.id, name: users.name } })
    .from(beneficiaries)
    .leftJoin(centers, eq(centers.id, beneficiaries.centerId))
    .leftJoin(users, eq(users.id, beneficiaries.created_by))
    .where(where)
    .orderBy(...page.orderBy)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  return (await query).map(({ b, center, user }) => ({
    ...b,
    created_at: iso(b.created_at),
    updated_at: iso(b.updated_at),
    center_data: center,
    user_data: user,
  }));
}

export const beneficiaryRecord = async (db: Db, id: number, user: Principal): Promise<ListedRow | null> =>
  (
    await beneficiaryRecords(
      db,
      and(eq(beneficiaries.id, id), isNull(beneficiaries.deleted_at), beneficiaryScope(user)),
      { orderBy: [] },
    )
  )[0] ?? null;

export const lockBeneficiary = (tx: Db, id: number, user: Principal) =>
  tx
    .select()
    .from(beneficiaries)
    .where(and(eq(beneficiaries.id, id), isNull(beneficiaries.deleted_at), beneficiaryScope(user)))
    .for('update')
    .then((rows) => rows[0]);
