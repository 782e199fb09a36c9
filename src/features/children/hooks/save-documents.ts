import { documentRowSchema, mutations, type WriteRequest, firstIssueMessage } from '../../../../sync';
import type { DocumentRowValues } from '../components/registration-values';

/** The child a document is for: its cid, and its server id once known. */
export type DocumentChild = { cid: string; id?: number | null };

export type DocumentsOutcome = { ok: true; saved: number } | { ok: false; message: string };

const isBlob = (v: unknown): v is Blob =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Blob).size === 'number' &&
  typeof (v as Blob).slice === 'function';

/** The first failing field's message of the rows, in row order, or null. */
export function documentRowsProblem(rows: readonly DocumentRowValues[]): string | null {
  for (const row of rows) {
    const parsed = documentRowSchema.safeParse(row);
    if (!parsed.success) return firstIssueMessage(parsed.error);
  }
  return null;
}

/**
 * Saves each new row (one without a server id) as one document of the child, on the
 * device first: its file and audio are kept as Blobs in IndexedDB and uploaded with the
 * entry. A child created offline is named by its cid, so its documents wait for its
 * create and then go with its id (sync/SPEC.md R6, R8).
 */
export async function saveDocumentRows(
  child: DocumentChild,
  rows: readonly DocumentRowValues[],
): Promise<DocumentsOutcome> {
  const built = documentRequests(child, rows);
  if (!built.ok) return built;
  if (built.requests.length === 0) return { ok: true, saved: 0 };
  const result = await mutations.together(built.requests);
  return result.ok ? { ok: true, saved: built.requests.length } : { ok: false, message: result.message };
}

/** The writes of the new rows (those without a server id), or the first row's problem. */
export function documentRequests(
  child: DocumentChild,
  rows: readonly DocumentRowValues[],
): { ok: true; requests: WriteRequest[] } | { ok: false; message: string } {
  const problem = documentRowsProblem(rows);
  if (problem !== null) return { ok: false, message: problem };
  const requests: WriteRequest[] = [];
  for (const row of rows) {
    if (row.id) continue;
    const { tagId, doc_date, comment } = documentRowSchema.parse(row);
    const fields: Record<string, unknown> = {
      childregId: child.id ?? child.cid,
      tagId,
      doc_date,
      status: 1,
      ...(comment ? { comment } : {}),
    };
    const files: Record<string, Blob> = {};
    if (isBlob(row.filename)) files.filename = row.filename;
    if (isBlob(row.profile_audio_name)) files.profile_audio_name = row.profile_audio_name;
    requests.push({ entity: 'documents', op: 'create', fields, files });
  }
  return { ok: true, requests };
}

/** Removes a document (child_document delete); a document never sent just vanishes (R3). */
export const removeDocument = (cid: string) => mutations.documents.delete(cid);
