import type { EntityDescriptor } from './types';
import type { Fields } from '../engine/reconcile';

/** A document entry's fields travel as the one row of `documents` beside the child's id. */
const oneDocument = ({ childregId, ...row }: Fields): Fields => ({ childregId, documents: [row] });

/** A child's documents (spec part 1 section 4), one per entry. */
export const documents = {
  label: 'Document',
  table: 'documents',
  ops: {
    // One document per entry, sent as documents[0]; the server answers the list it stored (R8 takes the one).
    create: { endpoint: 'childDocumentUpdate', effect: 'create', answer: 'first', body: oneDocument },
    delete: { endpoint: 'childDocumentsDelete', effect: 'delete' },
  },
  view: { endpoint: 'documentsLists' },
  list: { endpoint: 'documentsAll' },
  refs: { childregId: 'children' },
  fileFields: ['filename', 'profile_audio_name'],
} satisfies EntityDescriptor;
