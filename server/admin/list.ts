import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { listed, readListQuery, runList, softTableSource, type ListedRow, type SoftTable } from '../delta/delta';
import { invalid } from '../core/validation';

type AdminTable = SoftTable;

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
  // Tombstones are never filtered: a device must hear of every delete (R16).
  const source = softTableSource(db, table, {
    where: filter,
    tombstoneWhere: undefined,
    pageOrder: [options.newestFirst ? desc(table.id) : asc(table.id)],
    rows: (where, orderBy, limit, offset) => options.rows(db, where, orderBy, limit, offset),
  });
  return listed(c, await runList(db, source, read.query), options.extra);
}

const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
/** A case-insensitive substring match, LIKE wildcards taken literally. */
export const containsText = (column: AnyPgColumn, value: string): SQL => sql`${column} ilike ${escapeLike(value)}`;
