import type { SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';

/*
 * What the administration records (centers, tags, roles, users, each read in its own
 * area's records.ts) share: every call answers one shape per entity (list rows, the create
 * and update answers, the `data` of a 409), so the sync engine's merge never sees a field
 * "changed" that only another call left out.
 */

export type Page = { orderBy: SQL[]; limit?: number; offset?: number };

/** created_at and updated_at as ISO strings, the way every answer sends them. */
export const stamps = <T extends { created_at: Date; updated_at: Date }>(row: T) => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** `query` in the page's order, cut to the page when it has a limit. */
export function paged<Q extends PgSelect>(query: Q, page: Page) {
  const ordered = query.orderBy(...page.orderBy);
  return page.limit === undefined ? ordered : ordered.limit(page.limit).offset(page.offset ?? 0);
}

export const one = async (rows: Promise<ListedRow[]>): Promise<ListedRow | null> => (await rows)[0] ?? null;
