import { useLiveQuery } from '../../../lib/use-live-query';
import {
  beneficiaryDocumentRowSchema,
  endpoints,
  firstIssue,
  isAllowed,
  listBeneficiaryDocuments,
  messages,
  mutations,
  requests,
  type Principal,
  type WriteRequest,
} from '../../../../sync';
import type { FileRowValues } from '../../../components/file-rows';

/** A beneficiary a document belongs to: its cid, and its server id once known. */
export type DocumentOwner = { cid: string; id?: number | null };

export const emptyDocumentRow = (): FileRowValues => ({
  tagId: '',
  doc_date: '',
  filename: null,
  profile_audio_name: null,
  comment: '',
});

export const useBeneficiaryDocuments = (owner: DocumentOwner) =>
  useLiveQuery(() => listBeneficiaryDocuments(owner), [owner.cid, owner.id], null);

/** What the user may do with documents, by the rows of their calls (as the server checks them). */
export const documentPermissions = (user: Principal) => ({
  canAdd: isAllowed(user, endpoints.beneficiaryDocumentAdd.permission),
  canDelete: isAllowed(user, endpoints.beneficiaryDocumentDelete.permission),
});

/**
 * The writes of the form's document rows, each one document of `owner` (by its id, or its
 * cid while its create waits, R6), or the first row's problem in the spec's words and
 * the field it is about ('documents.<row>.<field>', marked on the form).
 */
export function documentWrites(
  owner: DocumentOwner,
  rows: readonly FileRowValues[],
): { ok: true; writes: WriteRequest[] } | { ok: false; message: string; field: string | null } {
  const writes: WriteRequest[] = [];
  for (const [i, row] of rows.entries()) {
    const parsed = beneficiaryDocumentRowSchema.safeParse(row);
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error);
      return { ok: false, message, field: field && `documents.${i}.${field}` };
    }
    if (!(row.filename instanceof Blob))
      return { ok: false, message: messages.documentsRequired, field: `documents.${i}.filename` };
    writes.push(requests.beneficiaryDocuments.create({ beneficiary: owner, row: parsed.data, file: row.filename }));
  }
  return { ok: true, writes };
}

export async function removeBeneficiaryDocument(cid: string) {
  const result = await mutations.beneficiaryDocuments.delete(cid);
  return result.ok
    ? { ok: true as const }
    : { ok: false as const, message: result.message || messages.somethingWentWrong };
}
