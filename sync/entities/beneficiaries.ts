import type { EntityDescriptor } from './types';
import { beneficiaryFormSchema } from '../contract/forms';

/** Non-registered beneficiaries of /education, /medical and /mhp (ours, see the endpoint table). */
export const beneficiaries = {
  label: 'Beneficiary',
  schema: beneficiaryFormSchema,
  table: 'beneficiaries',
  ops: {
    create: { endpoint: 'beneficiaryAdd', effect: 'create' },
    update: { endpoint: 'beneficiaryUpdate' },
    delete: { endpoint: 'beneficiaryDelete', effect: 'delete' },
  },
  view: { endpoint: 'beneficiaries' },
  list: { endpoint: 'beneficiaries' },
  refs: {},
  fileFields: [],
} satisfies EntityDescriptor;
