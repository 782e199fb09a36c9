import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import { isAllCenterUser, lastStatusOf, type Principal } from '../../sync/contract';
import type { Db } from '../db/client';
import { centers, childHistory, children, districts, states, users } from '../db/schema';
import type { ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';

/*
 * A child as every call returns it (list rows, view, edit, the create and update
 * answers, and the `data` of a 409): one shape everywhere, or the sync engine's
 * three-way merge would see fields "changed" that only a different call left out.
 */

/** Where child images are served from, sent as image_path. */
export const CHILD_IMAGE_PATH = '/api/files/children/';

/** The entry fields a child's answer reads: its transfer (child_center) and last_status. */
type HistoryRow = Pick<
  typeof childHistory.$inferSelect,
  | 'centerId'
  | 'history_status'
  | 'transfer_date'
  | 'comment'
  | 'social_protection_scheme'
  | 'medical_issues'
  | 'education_type'
  | 'mhp'
  | 'other'
>;
const { deleted_at: _deleted, ...childColumns } = getTableColumns(children);

/**
 * A child's live entries, oldest first (by created_at, then id), read with its row as one
 * JSON array (null when it has none): a page costs one statement, not one more for its
 * history. Dates come as the 'YYYY-MM-DD' text a `date` column reads as.
 */
const historyOf = sql<HistoryRow[] | null>`(select json_agg(json_build_object(
    'centerId', ${childHistory.centerId}, 'history_status', ${childHistory.history_status},
    'transfer_date', ${childHistory.transfer_date}, 'comment', ${childHistory.comment},
    'social_protection_scheme', ${childHistory.social_protection_scheme}, 'medical_issues', ${childHistory.medical_issues},
    'education_type', ${childHistory.education_type}, 'mhp', ${childHistory.mhp}, 'other', ${childHistory.other})
    order by ${childHistory.created_at}, ${childHistory.id})
  from ${childHistory} where ${childHistory.childregId} = ${children.id} and ${childHistory.deleted_at} is null)`;

/** The children a user may reach: all for centerId 1, else its own center's. */
export const childScope = (user: Principal): SQL | undefined =>
  isAllCenterUser(user) ? undefined : eq(children.centerdetailId, user.centerId);

export const liveChild = isNull(children.deleted_at);

/** The statement reading children as an answer holds them: the child, its relations and its history. */
function selectChildren(db: Db) {
  return db
    .select({
      child: childColumns,
      center: { id: centers.id, name: centers.name },
      state: { id: states.id, name: states.name },
      district: { id: districts.id, name: districts.name },
      user: { id: users.id, name: users.name },
      history: historyOf,
    })
    .from(children)
    .leftJoin(centers, eq(centers.id, children.centerdetailId))
    .leftJoin(states, eq(states.id, children.stateId))
    .leftJoin(districts, eq(districts.id, children.district))
    .leftJoin(users, eq(users.id, children.created_by))
    .$dynamic();
}

type SelectedChild = Awaited<ReturnType<typeof selectChildren>>[number];

/** A row of selectChildren as every answer serialises a child. */
function serialised({ child, center, state, district, user, history }: SelectedChild): ListedRow {
  const own = history ?? [];
  const transfer = own.findLast((h) => h.history_status === 'transfer' && h.centerId === child.centerdetailId);
  return {
    ...child,
    created_at: iso(child.created_at),
    updated_at: iso(child.updated_at),
    center_data: center,
    state_data: state,
    district_data: district,
    user_data: user,
    child_center: transfer ? { transfer_date: transfer.transfer_date } : null,
    last_status: lastStatusOf(own),
  };
}

/** Serialised children matching `where`, in `orderBy`, with their relations and last_status. */
export async function childRecords(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit?: number,
  offset = 0,
): Promise<ListedRow[]> {
  let query = selectChildren(db)
    .where(where)
    .orderBy(...orderBy);
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return (await query).map(serialised);
}

/**
 * The live children of `ids`, serialised, in no particular order. One statement of a fixed
 * shape, prepared once per database: its SQL is not built again for every page and every
 * view, and PostgreSQL keeps its plan per connection.
 */
const rowsOfIds = (db: Db) => {
  let prepared = preparedRows.get(db);
  if (!prepared) {
    prepared = selectChildren(db)
      .where(and(sql`${children.id} = any(${sql.placeholder('ids')}::int[])`, liveChild))
      .prepare('child_rows_of_ids');
    preparedRows.set(db, prepared);
  }
  return prepared;
};
const preparedRows = new WeakMap<Db, { execute: (values: { ids: number[] }) => Promise<SelectedChild[]> }>();

/** The live children of `ids` that `user` may reach, serialised, in the order of `ids`. */
export async function childRowsOfIds(db: Db, ids: number[], user: Principal): Promise<ListedRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOfIds(db).execute({ ids });
  const reachable = rows.filter((r) => isAllCenterUser(user) || r.child.centerdetailId === user.centerId);
  const byId = new Map(reachable.map((r) => [r.child.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [serialised(row)] : [];
  });
}

/**
 * One page of the child list's ids (spec part 1 section 3) and the list's total, in one
 * statement of one table: `where`, newest first by `orderBy` (an index's walk, or a few
 * matches sorted), and `total` (a scalar subquery, run once) on every row. No row means
 * `offset` is past the last match (or nothing matches), and the total is then not known.
 */
export async function childPageIds(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  total: SQL<number>,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number | null }> {
  const rows = await db
    .select({ id: children.id, total })
    .from(children)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return { ids: rows.map((r) => r.id), total: rows.length ? Number(rows[0].total) : null };
}

/** One live child the user may reach, serialised; null when missing, deleted or out of scope. */
export async function childRecord(db: Db, id: number, user: Principal): Promise<ListedRow | null> {
  const [row] = await childRowsOfIds(db, [id], user);
  return row ?? null;
}
