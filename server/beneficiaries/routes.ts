import type { Hono } from 'hono';
import { beneficiaryServices } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { beneficiaryDocumentFile } from './document-file';
import { addBeneficiaryDocument, deleteBeneficiaryDocument, listBeneficiaryDocuments } from './documents';
import { listBeneficiaries, nonRegisteredUsers, registeredUsers } from './lists';
import { addBeneficiary, deleteBeneficiary, updateBeneficiary } from './save';

/** The /education, /medical and /mhp lists: registered and non-registered beneficiaries, and the latter's documents. */
export function registerBeneficiaryRoutes(api: Hono<AppEnv>) {
  for (const service of beneficiaryServices) {
    api.post(`/regusers_${service}`, registeredUsers(service));
    api.post(`/non_regusers_${service}`, nonRegisteredUsers(service));
  }
  api.get('/beneficiaries', listBeneficiaries);
  api.post('/beneficiary_add', addBeneficiary);
  api.post('/beneficiary_update', updateBeneficiary);
  api.delete('/beneficiary_delete/:id', deleteBeneficiary);
  api.get('/beneficiary_documents', listBeneficiaryDocuments);
  api.post('/beneficiary_document_add', addBeneficiaryDocument);
  api.delete('/beneficiary_document_delete/:id', deleteBeneficiaryDocument);
  api.get('/files/beneficiaries/:name', beneficiaryDocumentFile);
}
