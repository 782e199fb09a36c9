import { and, asc, getTableName, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import { selectRows, type Db } from '../db/client';
import { DEFAULT_PAGE_SIZE, paginate, type DeltaCursor, type Pagination, type SyncBlock } from '../../sync/contract';

/*
 * The list endpoints the sync engine pulls (sync/SPEC.md R15, R22, "Server protocol"):
 *
 * - Without `updated_since`: the spec's Laravel-style pages (`page`, `per_page`, default 10).
 * - With `updated_since` (and `after_id`, `after_change`): a delta page by keyset over the
 *   database's change stamp, rows with (change_xid, id) > (after_change, after_id) in that
 *   order, `per_page` of them (default 500, at most 1000), plus `sync: { deleted, next,
 *   cursor }`. Only rows whose transaction ended before every transaction still running
 *   began (change_xid below the snapshot's xmin, the horizon) are handed out, so a write
 *   that commits late is never behind a cursor (R22).
 * - `deleted`: the ids of tombstones in the same stretch of the keyset as the page, from the
 *   cursor to the page's last row (or to the horizon on the last page), so every tombstone
 *   is sent once whatever the pages' sizes (R16).
 * - `next`: the next page's cursor, null on the last page; `cursor`: where the next pull
 *   starts once this page is applied (after the last page, the horizon).
 * - Without `after_change` (a cursor saved before R22, or a client that keeps only
 *   `updated_since` and `after_id`): pages by (updated_at, id) as before, tombstones stamped
 *   at or after `updated_since` on the first page only; the last page's `cursor` is stamped.
 */

export const DELTA_PAGE_SIZE = 500;
export const MAX_PAGE_SIZE = 1000;

/** The largest id an `integer` column holds: a cursor at the horizon is past all of a table's rows. */
const ID_CEILING = 2_147_483_647;

export type ListQuery =
  | { mode: 'delta'; since: Date; afterId: number; afterChange: string | null; perPage: number; firstPage: boolean }
  | { mode: 'page'; page: number; perPage: number };

type QueryError = { field: string; message: string };

const whole = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value) : null;

/** A row id as a cursor names it: a whole number an `integer` column holds (a cursor at the horizon names the largest). */
const rowId = (value: string): number | null =>
  /^\d{1,10}$/.test(value.trim()) && Number(value) <= ID_CEILING ? Number(value) : null;

/*
 * The instants a cursor may name: years 1 to 9999, what an ISO-8601 timestamp writes with
 * four digits. A Date reaches year 275760, which toISOString writes as '+275760-...' and
 * PostgreSQL refuses (SQLSTATE 22009); such a cursor is the request's fault.
 */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** Reads the paging and delta parameters of a list's query string. */
export function readListQuery(query: Record<string, string | undefined>): { query: ListQuery } | { error: QueryError } {
  const perPageAsked = whole(query.per_page);
  const since = query.updated_since?.trim();
  if (since) {
    const time = Date.parse(since);
    if (Number.isNaN(time))
      return { error: { field: 'updated_since', message: 'The updated since must be a valid date.' } };
    if (time < FIRST_INSTANT || time > LAST_INSTANT)
      return {
        error: { field: 'updated_since', message: 'The updated since must be a date between the years 1 and 9999.' },
      };
    const afterId = query.after_id === undefined || query.after_id === '' ? 0 : rowId(query.after_id);
    if (afterId === null) return { error: { field: 'after_id', message: 'The after id must be an integer.' } };
    const change = query.after_change?.trim() || null;
    if (change !== null && !/^\d{1,19}$/.test(change))
      return { error: { field: 'after_change', message: 'The after change must be a whole number.' } };
    const perPage = Math.min(MAX_PAGE_SIZE, Math.max(1, perPageAsked ?? DELTA_PAGE_SIZE));
    const firstPage = query.page === undefined || (whole(query.page) ?? 1) <= 1;
    return { query: { mode: 'delta', since: new Date(time), afterId, afterChange: change, perPage, firstPage } };
  }
  const perPage = Math.min(MAX_PAGE_SIZE, Math.max(1, perPageAsked ?? DEFAULT_PAGE_SIZE));
  return { query: { mode: 'page', page: Math.max(1, whole(query.page) ?? 1), perPage } };
}

/** A table the devices pull: its id and updated_at, and the change stamp its trigger keeps (R22). */
export type StampedTable = PgTable & { id: AnyPgColumn; updated_at: AnyPgColumn };

/** The database's change stamp of a row (migration 0011, R22); not a Drizzle column, so no answer carries it. */
export const changeOf = (table: StampedTable): SQL => sql`${table}.change_xid`;

/** The keyset order of delta pages: by change stamp, then id. */
export const keysetOrder = (table: StampedTable): SQL[] => [asc(changeOf(table)), asc(table.id)];

/** A stretch of the keyset: rows after `from` up to `to` (inclusive), both (change, id). */
type Stretch = { from: ListQuery & { mode: 'delta' }; to: { change: string; id: number } };

/** Rows of `table` within the stretch of the keyset. */
function within(table: StampedTable, { from, to }: Stretch): SQL {
  const after = sql`(${changeOf(table)}, ${table.id}) > (${from.afterChange}::xid8, ${from.afterId}::int)`;
  return sql`${after} and (${changeOf(table)}, ${table.id}) <= (${to.change}::xid8, ${to.id}::int)`;
}

/** Rows of another table written within the stretch's changes (its ids are not the listed table's). */
function changedWithin(table: StampedTable, { from, to }: Stretch): SQL {
  return sql`${changeOf(table)} > ${from.afterChange}::xid8 and ${changeOf(table)} <= ${to.change}::xid8`;
}

/**
 * The horizon (R22): the oldest transaction still running when this statement began (the
 * snapshot's xmin). Every transaction below it has ended, so the rows it wrote are all
 * visible now and stay where they are in the keyset.
 */
async function readHorizon(db: Db): Promise<bigint> {
  const [row] = await selectRows<{ xmin: string }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as "xmin"`,
  );
  return BigInt(row!.xmin);
}

export type ListedRow = Record<string, unknown> & { id: number; updated_at: string | null };

/** What one collection contributes to a list; scope and filters are already applied inside. */
export type ListSource = {
  /** The table whose rows are listed: its keyset makes the delta pages. */
  table: StampedTable;
  /** Live rows matching `where`, serialised, in the keyset `order` of a delta page or the page order of the list. */
  rows: (where: SQL | undefined, order: SQL[] | 'page', limit: number, offset: number) => Promise<ListedRow[]>;
  count: (where: SQL | undefined) => Promise<number>;
  /**
   * Ids of the scope's tombstones among the rows `changed` selects; `changedIn` selects the
   * rows of another table written in the same stretch (a notification whose child moved).
   */
  deletedSince: (changed: SQL, changedIn: (other: StampedTable) => SQL) => Promise<number[]>;
};

/** A table whose rows are soft-deleted: tombstones keep their id and updated_at (R16). */
export type SoftTable = StampedTable & { deleted_at: AnyPgColumn };

/**
 * The list source of one soft-deleted table: live rows of `where` (scope and filters),
 * keyset order for delta pages and `pageOrder` for pages; tombstones within `where`
 * (or `tombstoneWhere`), by id.
 */
export function softTableSource(
  db: Db,
  table: SoftTable,
  options: {
    where: SQL | undefined;
    tombstoneWhere?: SQL | undefined;
    pageOrder: SQL[];
    rows: (where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) => Promise<ListedRow[]>;
  },
): ListSource {
  const live = (w: SQL | undefined) => and(isNull(table.deleted_at), options.where, w);
  const tombstones = 'tombstoneWhere' in options ? options.tombstoneWhere : options.where;
  return {
    table,
    rows: (w, order, limit, offset) =>
      options.rows(live(w), order === 'page' ? options.pageOrder : order, limit, offset),
    count: async (w) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(live(w));
      return row?.n ?? 0;
    },
    deletedSince: async (changed) => {
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(isNotNull(table.deleted_at), changed, tombstones))
        .orderBy(asc(table.id));
      return rows.map((r) => Number(r.id));
    },
  };
}

export type ListAnswer = { data: ListedRow[]; pagination: Pagination; sync?: SyncBlock };

export async function runList(db: Db, source: ListSource, query: ListQuery): Promise<ListAnswer> {
  if (query.mode === 'page') {
    const total = await source.count(undefined);
    const pagination = paginate(total, query.page, query.perPage);
    const data = await source.rows(undefined, 'page', query.perPage, (pagination.current_page - 1) * query.perPage);
    return { data, pagination };
  }
  const { table } = source;
  // Read first: every transaction below it has ended before the rows are read (R22).
  const horizon = await readHorizon(db);
  const below = { change: (horizon - 1n).toString(), id: ID_CEILING };
  const stamped = query.afterChange !== null;
  const open = stamped
    ? within(table, { from: query, to: below })
    : sql`(${table.updated_at}, ${table.id}) > (${query.since.toISOString()}::timestamptz, ${query.afterId}::int)`;
  const order = stamped ? keysetOrder(table) : [asc(table.updated_at), asc(table.id)];
  // One row more than asked tells whether a next page exists without another request.
  const fetched = await source.rows(open, order, query.perPage + 1, 0);
  const data = fetched.slice(0, query.perPage);
  const last = data.at(-1);
  const more = fetched.length > query.perPage && last !== undefined;
  // What remains after the cursor is counted on a pull's first page only: counted on every
  // page it cost as much as the rows left (two thirds of a page's time at 100,000 entries,
  // so a pull's pages cost the square of its rows). A later page counts itself, and one more
  // page while `next` names one (sync/SPEC.md, Server protocol).
  const remaining = query.firstPage ? await source.count(open) : data.length + (more ? query.perPage : 0);
  let deleted: number[];
  let next: DeltaCursor | null;
  let cursor: DeltaCursor;
  if (stamped) {
    const to = more ? { change: await changeOfRow(db, table, last.id), id: last.id } : below;
    const stretch = { from: query, to };
    deleted = await source.deletedSince(within(table, stretch), (other) => changedWithin(other, stretch));
    cursor = { updated_since: last?.updated_at ?? query.since.toISOString(), after_id: to.id, after_change: to.change };
    next = more ? cursor : null;
  } else {
    // A cursor saved before R22 (or a client that sends none): the pages by (updated_at, id)
    // as they were, tombstones on the first page; after the last, the device is handed a
    // stamped cursor at the horizon (rows above it it has seen come again, harmlessly).
    const since = (t: StampedTable) => sql`${t.updated_at} >= ${query.since.toISOString()}::timestamptz`;
    deleted = query.firstPage ? await source.deletedSince(since(table), since) : [];
    next = more && last.updated_at ? { updated_since: last.updated_at, after_id: last.id } : null;
    cursor = next ?? {
      updated_since: last?.updated_at ?? query.since.toISOString(),
      after_id: below.id,
      after_change: below.change,
    };
  }
  const pagination: Pagination = {
    current_page: 1,
    per_page: query.perPage,
    from: data.length ? 1 : null,
    to: data.length ? data.length : null,
    total: remaining,
    last_page: Math.max(1, Math.ceil(remaining / query.perPage)),
  };
  return { data, pagination, sync: { deleted, next, cursor } };
}

/** A listed row's change stamp (rows are serialised without it). */
async function changeOfRow(db: Db, table: StampedTable, id: number): Promise<string> {
  const [row] = await db
    .select({ change: sql<string>`${changeOf(table)}::text` })
    .from(table)
    .where(sql`${table.id} = ${id}`);
  // A row listed a moment ago and gone now was removed for good: the page is asked again.
  if (!row) throw new Error(`Row ${id} left ${getTableName(table)} while its page was read`);
  return row.change;
}

/** Answers a list: `{ success, data, pagination, sync?, ...extra }`. */
export function listed(c: Context, answer: ListAnswer, extra: Record<string, unknown> = {}) {
  return c.json({ success: true, ...answer, ...extra }, 200);
}
