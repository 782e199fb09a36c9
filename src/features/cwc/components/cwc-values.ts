import type { FileRowValues } from '../../../components/file-rows';
import type { CwcKind } from '../hooks/use-cwc';

export type CwcFormValues = {
  centerId: string;
  cwccaseno: string;
  transfer_date: string;
  comment: string;
  documents: FileRowValues[];
};

/**
 * The local write of a CWC form: fields (documents without their files) and the files
 * as documents[i][filename], the multipart names the server reads (spec section 7).
 */
export function toCwcWrite(kind: CwcKind, values: CwcFormValues, childregId?: unknown) {
  const files: Record<string, Blob> = {};
  const documents = values.documents.map((row, i) => {
    if (row.filename instanceof Blob) files[`documents[${i}][filename]`] = row.filename;
    return {
      tagId: row.tagId ? Number(row.tagId) : undefined,
      ...(row.doc_date ? { doc_date: row.doc_date } : {}),
      ...(row.comment ? { comment: row.comment } : {}),
    };
  });
  const fields: Record<string, unknown> = {
    centerId: Number(values.centerId),
    transfer_date: values.transfer_date,
    comment: values.comment.trim(),
    documents,
    ...(kind === 'refer' ? { cwccaseno: values.cwccaseno } : {}),
    ...(typeof childregId === 'number' ? { childregId } : {}),
  };
  return { fields, files };
}
