import { and, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import { centerFormSchema } from '../../sync/contract';
import { one, paged, stamps, type Page } from '../admin/records';
import type { Db } from '../db/client';
import { centers, centerTypes } from '../db/schema';
import type { ListedRow } from '../delta/delta';

/** Centers as every call answers them (server/admin/records.ts), and the row a write locks. */

const { deleted_at: _deleted, ...centerColumns } = getTableColumns(centers);

export async function centerRecords(db: Db, where: SQL | undefined, page: Page): Promise<ListedRow[]> {
  return (await paged(db.select(centerColumns).from(centers).where(where).$dynamic(), page)).map(stamps);
}

export const centerRecord = (db: Db, id: number) =>
  one(centerRecords(db, and(eq(centers.id, id), isNull(centers.deleted_at)), { orderBy: [] }));

export const lockCenter = (tx: Db, id: number) =>
  tx
    .select()
    .from(centers)
    .where(and(eq(centers.id, id), isNull(centers.deleted_at)))
    .for('update')
    .then((rows) => rows[0]);

export async function typeExists(db: Db, centertypeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: centerTypes.centertypeId })
    .from(centerTypes)
    .where(eq(centerTypes.centertypeId, centertypeId));
  return Boolean(row);
}

/** The fields of the center form that the body holds. */
export const formFields = (body: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(centerFormSchema.shape)
      .filter((k) => k in body)
      .map((k) => [k, body[k]]),
  );
