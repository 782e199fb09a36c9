import { and, asc, desc, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { afterCursor, listed, readListQuery, runList, type ListedRow, type ListSource } from '../delta/delta';
import { invalid } from '../core/validation';

type AdminTable = PgTable & { id: AnyPgColumn; updated_at: AnyPgColumn; deleted_at: AnyPgColumn };

export type AdminListOptions = {
  table: AdminTable;
  /** Filters of the list's query string, already read. */
  where?: SQL;
  /** Page order (delta pages are always by (updated_at, id)). */
  newestFirst: boolean;
  /** Serialised rows matching `where`, in `orderBy`. */
  rows: (db: Db, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) => Promise<ListedRow[]>;
  extra?: Record<string, unknown>;
};

/**
 * An administration list (centers, tags, roles, users): the spec's Laravel pages, or with
 * `updated_since` the keyset delta pages and tombstones the sync engine pulls
 * (sync/SPEC.md R15). Filters apply to pages only; a delta pull takes the whole table.
 */
export async function answerAdminList(c: Context<AppEnv>, options: AdminListOptions) {
  const read = readListQuery(c.req.query());
  if ('error' in read) return invalid(c, [{ path: read.error.field, message: read.error.message }]);
  const { db } = c.get('deps');
  const { table } = options;
  const filter = read.query.mode === 'page' ? options.where : undefined;
  const live = (where: SQL | undefined) => and(isNull(table.deleted_at), filter, where);
  const source: ListSource = {
    rows: (where, order, limit, offset) =>
      options.rows(
        db,
        live(where),
        order === 'keyset'
          ? [asc(table.updated_at), asc(table.id)]
          : [options.newestFirst ? desc(table.id) : asc(table.id)],
        limit,
        offset,
      ),
    count: async (where) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(live(where));
      return row?.n ?? 0;
    },
    deletedSince: async (since) => {
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(isNotNull(table.deleted_at), gte(table.updated_at, since)))
        .orderBy(asc(table.id));
      return rows.map((r) => Number(r.id));
    },
    keyset: (since, afterId) => afterCursor(table, since, afterId),
  };
  return listed(c, await runList(source, read.query), options.extra);
}

const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
/** A case-insensitive substring match, LIKE wildcards taken literally. */
export const containsText = (column: AnyPgColumn, value: string): SQL => sql`${column} ilike ${escapeLike(value)}`;
