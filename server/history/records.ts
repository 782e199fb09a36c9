import { and, asc, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import { isAllCenterUser, type Principal } from '../../sync/contract';
import type { Db } from '../db/client';
import { centers, childHistory, children, users } from '../db/schema';
import type { ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';

/*
 * A history entry as view, list and the write answers return it. Access follows the
 * child: a center-bound user reaches the history of its center's children.
 */

const { deleted_at: _deleted, ...historyColumns } = getTableColumns(childHistory);

export const historyScope = (user: Principal): SQL | undefined =>
  isAllCenterUser(user) ? undefined : eq(children.centerdetailId, user.centerId);

export const liveHistory = isNull(childHistory.deleted_at);

export async function historyRecords(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit?: number,
  offset = 0,
): Promise<ListedRow[]> {
  let query = db
    .select({
      entry: historyColumns,
      center: { id: centers.id, name: centers.name },
      user: { id: users.id, name: users.name },
    })
    .from(childHistory)
    .innerJoin(children, eq(children.id, childHistory.childregId))
    .leftJoin(centers, eq(centers.id, childHistory.centerId))
    .leftJoin(users, eq(users.id, childHistory.created_by))
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  const rows = await query;
  return rows.map(({ entry, center, user }) => ({
    ...entry,
    created_at: iso(entry.created_at),
    updated_at: iso(entry.updated_at),
    center_data: center,
    user_data_history: user,
  }));
}

/** One live entry the user may reach, or null. */
export async function historyRecord(db: Db, id: number, user: Principal): Promise<ListedRow | null> {
  const [row] = await historyRecords(db, and(eq(childHistory.id, id), liveHistory, historyScope(user)), [
    asc(childHistory.id),
  ]);
  return row ?? null;
}
