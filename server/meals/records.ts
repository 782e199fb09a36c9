import { and, asc, desc, eq, getTableColumns, gte, isNull, lte, type SQL } from 'drizzle-orm';
import { isAllCenterUser, type MealFilter, type Principal } from '../../sync/contract';
import type { Db } from '../db/client';
import { centers, meals } from '../db/schema';
import { type ListQuery, runList, softTableSource, type ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';

/** Meal rows as the API answers them (part 2 section 3): the center's name in center_data. */
export async function mealRecords(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit?: number,
  offset = 0,
): Promise<ListedRow[]> {
  const { deleted_at: _d, ...columns } = getTableColumns(meals);
  let query = db
    .select({ row: columns, center: { id: centers.id, name: centers.name } })
    .from(meals)
    .leftJoin(centers, eq(centers.id, meals.center_id))
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return (await query).map(({ row, center }) => ({
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    center_data: center,
  }));
}

/** A center-bound user sees only their center's meals. */
export const mealScope = (user: Principal): SQL | undefined =>
  isAllCenterUser(user) ? undefined : eq(meals.center_id, user.centerId);

export const mealRecord = async (db: Db, id: number, user: Principal) =>
  (await mealRecords(db, and(eq(meals.id, id), isNull(meals.deleted_at), mealScope(user)), [asc(meals.id)]))[0] ?? null;

/** The meals list of the scope and filter: pages newest meal date first, or delta pages. */
export function listMeals(db: Db, user: Principal, f: Partial<MealFilter>, query: ListQuery) {
  const where = and(
    mealScope(user),
    f.center_id ? eq(meals.center_id, f.center_id) : undefined,
    f.meal_type ? eq(meals.meal_type, f.meal_type) : undefined,
    f.from_date ? gte(meals.meal_date, f.from_date) : undefined,
    f.to_date ? lte(meals.meal_date, f.to_date) : undefined,
  );
  const source = softTableSource(db, meals, {
    where,
    pageOrder: [desc(meals.meal_date), desc(meals.id)],
    rows: (w, orderBy, limit, offset) => mealRecords(db, w, orderBy, limit, offset),
  });
  return runList(db, source, query);
}
