import { and, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import { isAllowed, wireEndpoints, type Principal } from '../../sync/contract';
import type { Db } from '../db/client';
import { beneficiaries, beneficiaryDocuments, tags, users } from '../db/schema';
import type { ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';
import { beneficiaryScope } from './records';

/*
 * A beneficiary's document as every call answers it: its fields, its tag and author, and
 * the link its file is served from. A document is reached through its beneficiary: live,
 * at a center the user may reach (beneficiaryScope), so a center-bound user never sees
 * another center's documents or files.
 */

const { deleted_at: _deleted, ...columns } = getTableColumns(beneficiaryDocuments);

/** Where a beneficiary's document files are served from (files/routes.ts). */
export const BENEFICIARY_FILE_PATH = '/api/files/beneficiaries/';

/** A live document of a live beneficiary the user may reach. */
export const reachableDocument = (user: Principal): SQL | undefined =>
  and(isNull(beneficiaryDocuments.deleted_at), isNull(beneficiaries.deleted_at), beneficiaryScope(user));

export async function beneficiaryDocumentRecords(
  db: Db,
  where: SQL | undefined,
  page: { orderBy: SQL[]; limit?: number; offset?: number },
): Promise<ListedRow[]> {
  let query = db
    .select({
      doc: columns,
      centerId: beneficiaries.centerId,
      tag: { id: tags.id, name: tags.name },
      user: { id: users.id, name: users.name },
    })
    .from(beneficiaryDocuments)
    .innerJoin(beneficiaries, eq(beneficiaries.id, beneficiaryDocuments.beneficiaryId))
    .leftJoin(tags, eq(tags.id, beneficiaryDocuments.tagId))
    .leftJoin(users, eq(users.id, beneficiaryDocuments.created_by))
    .where(where)
    .orderBy(...page.orderBy)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  return (await query).map(({ doc, centerId, tag, user }) => ({
    ...doc,
    centerId,
    created_at: iso(doc.created_at),
    updated_at: iso(doc.updated_at),
    tag_data: tag,
    user_data: user,
    file_path: `${BENEFICIARY_FILE_PATH}${doc.filename}`,
  }));
}

export const beneficiaryDocumentRecord = async (db: Db, id: number, user: Principal): Promise<ListedRow | null> =>
  (
    await beneficiaryDocumentRecords(db, and(eq(beneficiaryDocuments.id, id), reachableDocument(user)), {
      orderBy: [],
    })
  )[0] ?? null;

/** Whether `user` may fetch the stored file `name` of a beneficiary's document: it reads beneficiaries (R21) and reaches this one. */
export async function mayReadBeneficiaryFile(db: Db, user: Principal, name: string): Promise<boolean> {
  if (!isAllowed(user, wireEndpoints.beneficiaryDocumentFile.permission)) return false;
  const [row] = await db
    .select({ id: beneficiaryDocuments.id })
    .from(beneficiaryDocuments)
    .innerJoin(beneficiaries, eq(beneficiaries.id, beneficiaryDocuments.beneficiaryId))
    .where(and(eq(beneficiaryDocuments.filename, name), reachableDocument(user)))
    .limit(1);
  return row !== undefined;
}
