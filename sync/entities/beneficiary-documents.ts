import type { BeneficiaryDocumentRow } from '../contract/forms/beneficiary';
import type { Fields } from '../engine/reconcile';
import type { EntityDescriptor } from './types';
import type { LocalRow } from '../db/app-db';

/** A beneficiary's document on the device: its tag, date, file (a server name or 'local-file:' while waiting) and comment. */
export type LocalBeneficiaryDocument = LocalRow & {
  beneficiaryId?: number | string;
  tagId?: number;
  tag_data?: { id: number; name: string } | null;
  doc_date?: string | null;
  filename?: string | null;
  comment?: string | null;
  created_at?: string;
  _deleted?: number;
};

/** A checked document row of the beneficiary form, its file, and whose it is (its id, or its cid while its create waits). */
export type BeneficiaryDocumentInput = {
  beneficiary: { cid: string; id?: number | null };
  row: Pick<BeneficiaryDocumentRow, 'tagId' | 'doc_date' | 'comment'>;
  file: Blob;
};

/** POST /beneficiary_document_add (multipart): the row's fields, the beneficiary's id (R6, R8) and the file. */
export function beneficiaryDocumentWrite({ beneficiary, row, file }: BeneficiaryDocumentInput): {
  fields: Fields;
  files: Record<string, Blob>;
} {
  return {
    fields: {
      beneficiaryId: beneficiary.id ?? beneficiary.cid,
      tagId: row.tagId,
      doc_date: row.doc_date,
      comment: row.comment ?? null,
    },
    files: { filename: file },
  };
}

/*
 * A beneficiary's documents, one per entry (its file kept on the device until sent); a
 * document of a beneficiary created offline waits for it and goes with its id (R6, R8).
 */
export const beneficiaryDocuments = {
  label: 'Beneficiary document',
  table: 'beneficiaryDocuments',
  toWrite: beneficiaryDocumentWrite,
  ops: {
    create: { endpoint: 'beneficiaryDocumentAdd', effect: 'create' },
    delete: { endpoint: 'beneficiaryDocumentDelete', effect: 'delete' },
  },
  view: { endpoint: 'beneficiaryDocuments' },
  list: { endpoint: 'beneficiaryDocuments' },
  refs: { beneficiaryId: 'beneficiaries' },
  fileFields: ['filename'],
} satisfies EntityDescriptor;
