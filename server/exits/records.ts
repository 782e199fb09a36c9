import { and, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { paginate, type Pagination } from '../../sync/contract';
import type { Db } from '../db/client';
import { centers, childHistory, children, users } from '../db/schema';
import { iso } from '../delta/timestamps';

/*
 * Rows of the exit/restoration lists (spec part 2, sections 2 and 3: child_data,
 * center_data, user_data_history, history_status, exit_type, created_at, updated_at),
 * and of the short stay registration list.
 */

const childData = {
  id: children.id,
  name: children.name,
  uniqueId: children.uniqueId,
  aadharno: children.aadharno,
  cwccaseno: children.cwccaseno,
  gender: children.gender,
  dateofarrival: children.dateofarrival,
};

export const liveEntryOfLiveChild = and(isNull(childHistory.deleted_at), isNull(children.deleted_at));

/** Inclusive yyyy-MM-dd range on a date column. */
export const withinDays = (
  column: typeof childHistory.transfer_date | typeof children.dateofarrival,
  from?: string | null,
  to?: string | null,
): SQL | undefined => and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);

/** A page of history entries (newest date first), each with its child, center and author. */
export async function exitEntryPage(
  db: Db,
  where: SQL | undefined,
  page: number,
  perPage: number,
): Promise<{ data: Record<string, unknown>[]; pagination: Pagination }> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(childHistory)
    .innerJoin(children, eq(children.id, childHistory.childregId))
    .where(where);
  const pagination = paginate(count?.n ?? 0, page, perPage);
  const rows = await db
    .select({
      entry: childHistory,
      child: childData,
      center: { id: centers.id, name: centers.name, unique_centerId: centers.unique_centerId },
      user: { id: users.id, name: users.name },
    })
    .from(childHistory)
    .innerJoin(children, eq(children.id, childHistory.childregId))
    .leftJoin(centers, eq(centers.id, childHistory.centerId))
    .leftJoin(users, eq(users.id, childHistory.created_by))
    .where(where)
    .orderBy(sql`${childHistory.transfer_date} desc nulls last`, desc(childHistory.id))
    .limit(perPage)
    .offset((pagination.current_page - 1) * perPage);
  const data = rows.map(({ entry, child, center, user }) => {
    const { deleted_at: _deleted, ...fields } = entry;
    return {
      ...fields,
      created_at: iso(entry.created_at),
      updated_at: iso(entry.updated_at),
      child_data: child,
      center_data: center,
      user_data_history: user,
    };
  });
  return { data, pagination };
}

/** A page of children registered as short stay (newest arrival first), with their center. */
export async function shortStayPage(
  db: Db,
  where: SQL | undefined,
  page: number,
  perPage: number,
): Promise<{ data: Record<string, unknown>[]; pagination: Pagination }> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(children)
    .where(where);
  const pagination = paginate(count?.n ?? 0, page, perPage);
  const rows = await db
    .select({
      child: {
        ...childData,
        short_stay: children.short_stay,
        centerdetailId: children.centerdetailId,
        created_at: children.created_at,
        updated_at: children.updated_at,
      },
      center: { id: centers.id, name: centers.name },
    })
    .from(children)
    .leftJoin(centers, eq(centers.id, children.centerdetailId))
    .where(where)
    .orderBy(sql`${children.dateofarrival} desc nulls last`, desc(children.id))
    .limit(perPage)
    .offset((pagination.current_page - 1) * perPage);
  const data = rows.map(({ child, center }) => ({
    ...child,
    created_at: iso(child.created_at),
    updated_at: iso(child.updated_at),
    center_data: center,
  }));
  return { data, pagination };
}
