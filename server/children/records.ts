import { eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import { isAllCenterUser, lastStatusOf, type Principal } from '../../sync/contract';
import type { Db } from '../db/client';
import { preparedRows } from '../db/prepared';
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
 * The child's columns as the JSON object `row_to_json` makes of its row: each by its name in
 * the database, read back under its name in the answer, timestamps made ISO-8601 UTC as
 * Drizzle's Date would be. A column the schema does not name (change_xid) is left out.
 */
const childJsonColumns = Object.entries(childColumns).map(([key, column]) => ({
  key,
  name: column.name,
  timestamp: column.columnType === 'PgTimestamp',
}));

type ChildJson = Record<string, unknown>;
type Named = { id: number; name: string } | null;
/** One child of the JSON page: its row, center, state, district, creator and history. */
type PageEntry = [
  ChildJson,
  number | null,
  string | null,
  number | null,
  string | null,
  number | null,
  string | null,
  number | null,
  string | null,
  HistoryRow[] | null,
];

const named = (id: number | null, name: string | null): Named => (id === null ? null : { id, name: name! });

function childOfJson(row: ChildJson): SelectedChild['child'] {
  const child: ChildJson = {};
  for (const { key, name, timestamp } of childJsonColumns) {
    const value = row[name] ?? null;
    child[key] = timestamp && value !== null ? new Date(value as string) : value;
  }
  return child as SelectedChild['child'];
}

/**
 * The live children of `ids`, in no particular order, as one JSON text: a page of ten is
 * one value for the driver to read, not sixty columns a row (PGlite reads each column of a
 * result in JavaScript, which cost more than running the statement). The statement's text
 * is the same for every page and view: it is kept prepared (preparedRows), planned once.
 */
async function rowsOfIds(db: Db, ids: number[]): Promise<SelectedChild[]> {
  // The ids as one array parameter ('{1,2,3}'): the statement's text is the same for every page.
  const idArray = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const [row] = await preparedRows<{ page: string | null }>(
    db,
    'child_rows',
    sql`select json_agg(json_build_array(row_to_json(${children}), ${centers.id}, ${centers.name},
        ${states.id}, ${states.name}, ${districts.id}, ${districts.name}, ${users.id}, ${users.name}, ${historyOf}))::text as page
      from ${children}
      left join ${centers} on ${centers.id} = ${children.centerdetailId}
      left join ${states} on ${states.id} = ${children.stateId}
      left join ${districts} on ${districts.id} = ${children.district}
      left join ${users} on ${users.id} = ${children.created_by}
      where ${children.id} = any(${idArray}::int[]) and ${children.deleted_at} is null`,
  );
  const entries = JSON.parse(row?.page ?? '[]') as PageEntry[];
  return entries.map(([child, centerId, center, stateId, state, districtId, district, userId, user, history]) => ({
    child: childOfJson(child),
    center: named(centerId, center),
    state: named(stateId, state),
    district: named(districtId, district),
    user: named(userId, user),
    history,
  }));
}

/** The live children of `ids` that `user` may reach, serialised, in the order of `ids`. */
export async function childRowsOfIds(db: Db, ids: number[], user: Principal): Promise<ListedRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOfIds(db, ids);
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
