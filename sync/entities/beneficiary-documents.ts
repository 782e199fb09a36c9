import type { EntityDescriptor } from './types';

/*
 * A beneficiary's documents, one per entry (its file kept on the device until sent); a
 * document of a beneficiary created offline waits for it and goes with its id (R6, R8).
 */
export const beneficiaryDocuments = {
  label: 'Beneficiary document',
  table: 'beneficiaryDocuments',
  ops: {
    create: { endpoint: 'beneficiaryDocumentAdd', effect: 'create' },
    delete: { endpoint: 'beneficiaryDocumentDelete', effect: 'delete' },
  },
  view: { endpoint: 'beneficiaryDocuments' },
  list: { endpoint: 'beneficiaryDocuments' },
  refs: { beneficiaryId: 'beneficiaries' },
  fileFields: ['filename'],
} satisfies EntityDescriptor;
