import { and, asc, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { Db } from '../db/client';
import { DEFAULT_PAGE_SIZE, paginate, type Pagination, type SyncBlock } from '../../sync/contract';

/*
 * The list endpoints the sync engine pulls (sync/SPEC.md R15, "Server protocol"):
 *
 * - Without `updated_since`: the spec's Laravel-style pages (`page`, `per_page`, default 10).
 * - With `updated_since` (and `after_id`): a delta page by keyset, rows with
 *   (updated_at, id) > (updated_since, after_id) in that order, `per_page` of them
 *   (default 500, at most 1000), plus `sync: { deleted, next }`. A keyset instead of an
 *   offset means rows updated while the client pages are neither skipped nor doubled:
 *   an updated row moves behind the cursor and comes again on a later page.
 *
 * `deleted` (ids of tombstones stamped at or after `updated_since`; at, because a delete
 * in the cursor's own millisecond must not be missed and a repeated id is harmless) is
 * sent on the first page only. The first page is `page` absent or 1, not `after_id` 0:
 * the engine resumes every later pull from its saved cursor, whose after_id is the last
 * row it saw, and would otherwise never hear of a delete again.
 */

export const DELTA_PAGE_SIZE = 500;
export const MAX_PAGE_SIZE = 1000;

export type ListQuery =
  | { mode: 'delta'; since: Date; afterId: number; perPage: number; firstPage: boolean }
  | { mode: 'page'; page: number; perPage: number };

type QueryError = { field: string; message: string };

const whole = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value) : null;

/*
 * The instants a cursor may name: years 1 to 9999, what an ISO-8601 timestamp writes with
 * four digits. A Date reaches year 275760, which toISOString writes as '+275760-...' and
 * PostgreSQL refuses (SQLSTATE 22009); such a cursor is the request's fault.
 */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** Reads the paging and delta parameters of a list's query string. */
export function readListQuery(query: Record<string, string | undefined>): { query: ListQuery } | { error: QueryError } {
  const page = whole(query.page);
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
    const afterId = query.after_id === undefined || query.after_id === '' ? 0 : whole(query.after_id);
    if (afterId === null) return { error: { field: 'after_id', message: 'The after id must be an integer.' } };
    const perPage = Math.min(MAX_PAGE_SIZE, Math.max(1, perPageAsked ?? DELTA_PAGE_SIZE));
    return { query: { mode: 'delta', since: new Date(time), afterId, perPage, firstPage: page === null || page <= 1 } };
  }
  const perPage = Math.min(MAX_PAGE_SIZE, Math.max(1, perPageAsked ?? DEFAULT_PAGE_SIZE));
  return { query: { mode: 'page', page: Math.max(1, page ?? 1), perPage } };
}

/** (updated_at, id) strictly after the cursor; served by the (updated_at, id) indexes. */
export const afterCursor = (cols: { updated_at: AnyPgColumn; id: AnyPgColumn }, since: Date, afterId: number): SQL =>
  sql`(${cols.updated_at}, ${cols.id}) > (${since.toISOString()}::timestamptz, ${afterId}::int)`;

export type ListedRow = Record<string, unknown> & { id: number; updated_at: string | null };

/** What one collection contributes to a list; scope and filters are already applied inside. */
export type ListSource = {
  /** Live rows matching `where`, serialised, in keyset order or the page order of the list. */
  rows: (where: SQL | undefined, order: 'keyset' | 'page', limit: number, offset: number) => Promise<ListedRow[]>;
  count: (where: SQL | undefined) => Promise<number>;
  /** Ids of the scope's tombstones stamped at or after `since`. */
  deletedSince: (since: Date) => Promise<number[]>;
  keyset: (since: Date, afterId: number) => SQL;
};

/** A table whose rows are soft-deleted: tombstones keep their id and updated_at (R16). */
export type SoftTable = PgTable & { id: AnyPgColumn; updated_at: AnyPgColumn; deleted_at: AnyPgColumn };

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
    rows: (w, order, limit, offset) =>
      options.rows(
        live(w),
        order === 'keyset' ? [asc(table.updated_at), asc(table.id)] : options.pageOrder,
        limit,
        offset,
      ),
    count: async (w) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(live(w));
      return row?.n ?? 0;
    },
    deletedSince: async (since) => {
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(isNotNull(table.deleted_at), gte(table.updated_at, since), tombstones))
        .orderBy(asc(table.id));
      return rows.map((r) => Number(r.id));
    },
    keyset: (since, afterId) => afterCursor(table, since, afterId),
  };
}

export type ListAnswer = { data: ListedRow[]; pagination: Pagination; sync?: SyncBlock };

export async function runList(source: ListSource, query: ListQuery): Promise<ListAnswer> {
  if (query.mode === 'page') {
    const total = await source.count(undefined);
    const pagination = paginate(total, query.page, query.perPage);
    const data = await source.rows(undefined, 'page', query.perPage, (pagination.current_page - 1) * query.perPage);
    return { data, pagination };
  }
  const after = source.keyset(query.since, query.afterId);
  // One row more than asked tells whether a next page exists without another request.
  const fetched = await source.rows(after, 'keyset', query.perPage + 1, 0);
  const data = fetched.slice(0, query.perPage);
  const remaining = await source.count(after);
  const deleted = query.firstPage ? await source.deletedSince(query.since) : [];
  const last = data.at(-1);
  const next =
    fetched.length > query.perPage && last?.updated_at ? { updated_since: last.updated_at, after_id: last.id } : null;
  const pagination: Pagination = {
    current_page: 1,
    per_page: query.perPage,
    from: data.length ? 1 : null,
    to: data.length ? data.length : null,
    total: remaining,
    last_page: Math.max(1, Math.ceil(remaining / query.perPage)),
  };
  return { data, pagination, sync: { deleted, next } };
}

/** Answers a list: `{ success, data, pagination, sync?, ...extra }`. */
export function listed(c: Context, answer: ListAnswer, extra: Record<string, unknown> = {}) {
  return c.json({ success: true, ...answer, ...extra }, 200);
}
