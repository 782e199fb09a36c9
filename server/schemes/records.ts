import { and, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { schemes } from '../db/schema';
import type { ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';

/* A scheme as every call answers it (list rows, add/update answers, a 409's data). */

const { deleted_at: _deleted, ...schemeColumns } = getTableColumns(schemes);

export const schemeMessages = {
  added: 'Scheme added successfully',
  updated: 'Scheme updated successfully',
} as const;

export async function schemeRecords(
  db: Db,
  where: SQL | undefined,
  page: { orderBy: SQL[]; limit?: number; offset?: number },
): Promise<ListedRow[]> {
  let query = db
    .select(schemeColumns)
    .from(schemes)
    .where(where)
    .orderBy(...page.orderBy)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  return (await query).map((row) => ({ ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) }));
}

export const schemeRecord = async (db: Db, id: number): Promise<ListedRow | null> =>
  (await schemeRecords(db, and(eq(schemes.id, id), isNull(schemes.deleted_at)), { orderBy: [] }))[0] ?? null;

export const lockScheme = (tx: Db, id: number) =>
  tx
    .select()
    .from(schemes)
    .where(and(eq(schemes.id, id), isNull(schemes.deleted_at)))
    .for('update')
    .then((rows) => rows[0]);
