import { and, eq, getTableColumns, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { one, paged, stamps, type Page } from '../admin/records';
import type { Db } from '../db/client';
import { tags } from '../db/schema';
import type { ListedRow } from '../delta/delta';

/** Tags as every call answers them (server/admin/records.ts), and the row a write locks. */

const { deleted_at: _deleted, ...tagColumns } = getTableColumns(tags);

export async function tagRecords(db: Db, where: SQL | undefined, page: Page): Promise<ListedRow[]> {
  return (await paged(db.select(tagColumns).from(tags).where(where).$dynamic(), page)).map(stamps);
}

export const tagRecord = (db: Db, id: number) =>
  one(tagRecords(db, and(eq(tags.id, id), isNull(tags.deleted_at)), { orderBy: [] }));

export const lockTag = (tx: Db, id: number) =>
  tx
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), isNull(tags.deleted_at)))
    .for('update')
    .then((rows) => rows[0]);

/** Names are unique among live tags, compared case-insensitively. */
export async function tagNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        isNull(tags.deleted_at),
        sql`lower(${tags.name}) = lower(${name})`,
        exceptId ? ne(tags.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
