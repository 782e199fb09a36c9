import type { EntityDescriptor } from './types';
import { beneficiaryFormSchema } from '../contract/forms';
import type { LocalRow } from '../db/app-db';

/** A non-registered beneficiary as the device holds it. */
export type LocalBeneficiary = LocalRow & {
  name?: string;
  gender?: string | null;
  age?: string | null;
  centerId?: number;
  service?: string;
  service_date?: string;
  comment?: string | null;
  _deleted?: number;
};

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
