import { and, asc, desc, eq, getTableColumns, gte, isNull, lte, type SQL } from 'drizzle-orm';
import { isAllCenterUser, type Principal, type PreviousBalanceFilter } from '../../sync/contract';
import type { Db } from '../db/client';
import { centers, previousBalances, users } from '../db/schema';
import { runList, softTableSource, type ListedRow, type ListQuery } from '../delta/delta';
import { iso } from '../delta/timestamps';

/** Previous balance rows as the API answers them (part 2 section 3): total_balance, user and center names. */
export async function balanceRecords(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit?: number,
  offset = 0,
): Promise<ListedRow[]> {
  const { deleted_at: _d, ...columns } = getTableColumns(previousBalances);
  let query = db
    .select({ row: columns, center: { id: centers.id, name: centers.name }, user: { id: users.id, name: users.name } })
    .from(previousBalances)
    .leftJoin(centers, eq(centers.id, previousBalances.centerId))
    .leftJoin(users, eq(users.id, previousBalances.created_by))
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return (await query).map(({ row, center, user }) => ({
    ...row,
    total_balance: row.male + row.female,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    center_data: center,
    user_data: user,
  }));
}

export const balanceScope = (user: Principal): SQL | undefined =>
  isAllCenterUser(user) ? undefined : eq(previousBalances.centerId, user.centerId);

export const balanceRecord = async (db: Db, id: number, user: Principal) =>
  (
    await balanceRecords(
      db,
      and(eq(previousBalances.id, id), isNull(previousBalances.deleted_at), balanceScope(user)),
      [asc(previousBalances.id)],
    )
  )[0] ?? null;

/** getPreviousBalance: filter centerId, activity_date, from_date, to_date; pages newest first, or delta. */
export function listBalances(db: Db, user: Principal, f: Partial<PreviousBalanceFilter>, query: ListQuery) {
  const t = previousBalances;
  const where = and(
    balanceScope(user),
    f.centerId ? eq(t.centerId, f.centerId) : undefined,
    f.activity_date ? eq(t.activity_date, f.activity_date) : undefined,
    f.from_date ? gte(t.activity_date, f.from_date) : undefined,
    f.to_date ? lte(t.activity_date, f.to_date) : undefined,
  );
  return runList(
    db,
    softTableSource(db, t, {
      where,
      pageOrder: [desc(t.activity_date), desc(t.id)],
      rows: (w, orderBy, limit, offset) => balanceRecords(db, w, orderBy, limit, offset),
    }),
    query,
  );
}
