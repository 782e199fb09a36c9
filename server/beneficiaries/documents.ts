import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { beneficiaryDocumentAddSchema, isAllowed, messages, wireEndpoints } from '../../sync/contract';
import { answerGuarded, type WriteVerdict } from '../admin/answers';
import { documentsAdded } from '../children/documents';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { fail, idParam, ok, readBody } from '../core/http';
import { checkSchema, invalid, tooLongIssues, type Issue } from '../core/validation';
import { beneficiaries, beneficiaryDocuments } from '../db/schema';
import { listed, readListQuery, runList } from '../delta/delta';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { readImage, removeUpload, storeUpload } from '../files/uploads';
import { beneficiaryDocumentRecord, beneficiaryDocumentRecords, reachableDocument } from './document-records';
import { beneficiaryScope, lockBeneficiary } from './records';

/*
 * A non-registered beneficiary's documents (ours, see the endpoint table): one document
 * per call, as the device queues them, so a document added to a beneficiary created
 * offline waits for that beneficiary alone. The file follows the upload rules of a
 * child's document (spec part 1, section 5): a jpg or png proved by its bytes, at most
 * 5 MB, stored under the uploads folder before the transaction and removed again when it
 * does not commit.
 */

/** POST /beneficiary_document_add (multipart: beneficiaryId, tagId, doc_date, filename, comment). */
export async function addBeneficiaryDocument(c: Context<AppEnv>) {
  const user = c.get('user');
  const body = await readBody(c);
  const { value, image, issue } = await readImage('filename', body.filename);
  const extra: Issue[] = [...tooLongIssues({ comment: body.comment })];
  // The bytes are not an image whatever the name says: a document's type message, not a photo's.
  if (issue) extra.push({ path: issue.path, message: messages.fileType });
  const checked = checkSchema(beneficiaryDocumentAddSchema, { ...body, filename: value }, extra);
  if (!checked.ok) return invalid(c, checked.issues);
  if (!image) return invalid(c, [{ path: 'filename', message: messages.documentsRequired }]);
  const data = checked.data;

  const { db, fileStore } = c.get('deps');
  const name = await storeUpload(fileStore, 'beneficiaries', image);
  try {
    const id = await db.transaction(async (tx) => {
      const owner = await lockBeneficiary(tx, data.beneficiaryId, user);
      if (!owner) return null;
      const [row] = await tx
        .insert(beneficiaryDocuments)
        .values({
          beneficiaryId: owner.id,
          tagId: data.tagId,
          doc_date: data.doc_date,
          filename: name,
          comment: data.comment ?? null,
          created_by: user.id,
        })
        .returning({ id: beneficiaryDocuments.id });
      return row.id;
    });
    if (id === null) {
      await removeUpload(fileStore, 'beneficiaries', name);
      return fail(c, 404, messages.notFound);
    }
    return ok(c, await beneficiaryDocumentRecord(db, id, user), { message: documentsAdded });
  } catch (error) {
    await removeUpload(fileStore, 'beneficiaries', name);
    throw error;
  }
}

/** DELETE /beneficiary_document_delete/{id}: a soft delete under If-Match (sync/SPEC.md R11). */
export async function deleteBeneficiaryDocument(c: Context<AppEnv>) {
  const user = c.get('user');
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) =>
      tx
        .select({ doc: beneficiaryDocuments })
        .from(beneficiaryDocuments)
        .innerJoin(beneficiaries, eq(beneficiaries.id, beneficiaryDocuments.beneficiaryId))
        .where(and(eq(beneficiaryDocuments.id, id), reachableDocument(user)))
        .for('update', { of: beneficiaryDocuments })
        .then((rows) => rows[0]?.doc),
    async (tx, row): Promise<WriteVerdict<null>> => {
      await tx
        .update(beneficiaryDocuments)
        .set({
          deleted_at: nextUpdatedAt(beneficiaryDocuments.updated_at),
          updated_at: nextUpdatedAt(beneficiaryDocuments.updated_at),
        })
        .where(eq(beneficiaryDocuments.id, row.id));
      return { done: null };
    },
  );
  return answerGuarded(
    c,
    outcome,
    () => beneficiaryDocumentRecord(db, id, user),
    () => c.json({ success: true, message: messages.documentDeleted }),
  );
}

/**
 * Soft-deletes the documents of a beneficiary being deleted, in its transaction, so the
 * devices' delta pulls hear of them and their files are no longer served.
 */
export async function deleteDocumentsOf(tx: Db, id: number) {
  await tx
    .update(beneficiaryDocuments)
    .set({
      deleted_at: nextUpdatedAt(beneficiaryDocuments.updated_at),
      updated_at: nextUpdatedAt(beneficiaryDocuments.updated_at),
    })
    .where(and(eq(beneficiaryDocuments.beneficiaryId, id), isNull(beneficiaryDocuments.deleted_at)));
}

/** GET /beneficiary_documents: the documents the user may reach, as pages or the delta pages the device pulls. */
export async function listBeneficiaryDocuments(c: Context<AppEnv>) {
  // An extension row, which the permission middleware leaves to its handler (R21).
  if (!isAllowed(c.get('user'), wireEndpoints.beneficiaryDocuments.permission)) return fail(c, 403, messages.forbidden);
  const read = readListQuery(c.req.query());
  if ('error' in read) return invalid(c, [{ path: read.error.field, message: read.error.message }]);
  const { db } = c.get('deps');
  const user = c.get('user');
  const live = (where: SQL | undefined) => and(reachableDocument(user), where);
  const answer = await runList(
    db,
    {
      rows: (where, order, limit, offset) =>
        beneficiaryDocumentRecords(db, live(where), {
          orderBy: order === 'page' ? [desc(beneficiaryDocuments.id)] : order,
          limit,
          offset,
        }),
      count: async (where) => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(beneficiaryDocuments)
          .innerJoin(beneficiaries, eq(beneficiaries.id, beneficiaryDocuments.beneficiaryId))
          .where(live(where));
        return row?.n ?? 0;
      },
      deletedSince: async (changed) => {
        const rows = await db
          .select({ id: beneficiaryDocuments.id })
          .from(beneficiaryDocuments)
          .innerJoin(beneficiaries, eq(beneficiaries.id, beneficiaryDocuments.beneficiaryId))
          .where(and(isNotNull(beneficiaryDocuments.deleted_at), changed, beneficiaryScope(user)))
          .orderBy(asc(beneficiaryDocuments.id));
        return rows.map((r) => r.id);
      },
      table: beneficiaryDocuments,
    },
    read.query,
  );
  return listed(c, answer);
}
