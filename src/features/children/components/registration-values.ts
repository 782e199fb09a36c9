import { DEFAULT_COUNTRY_ID, type LocalChild } from '../../../../sync';
import type { FileRowValues } from '../../../components/file-rows';

export type DocumentRowValues = FileRowValues;

const textFields = [
  'name',
  'dateofarrival',
  'gender',
  'centerdetailId',
  'ReferredBy',
  'cwccaseno',
  'short_stay_status',
  'short_stay',
  'aadharno',
  'mobileno',
  'phoneno',
  'address',
  'countryId',
  'stateId',
  'cityId',
  'district',
  'pincode',
  'reference_type',
  'otherref',
  'daily_report_no',
  'police_produced_by',
  'police_station',
  'reference_type_other',
  'breif',
  'circumstance_of_rescue',
  'comments',
  'jamatalashi',
  'family_touch',
  'f_name',
  'm_name',
  'occupation',
  'income',
  'no_sibling',
  'age',
  'dob',
  'caste',
  'educationbefore',
  'case_type',
  'status_of_beneficiaries',
  'period_street',
  'occupation_on_street',
  'contacted_through_referred_found',
  'action_data',
] as const;
export type RegistrationTextField = (typeof textFields)[number];

/** What the registration form holds: text for every input, Files (or kept names) for files. */
export type RegistrationValues = Record<RegistrationTextField, string> & {
  image: File | string | null;
  documents: DocumentRowValues[];
};

export const emptyDocumentRow = (): DocumentRowValues => ({
  tagId: '',
  doc_date: '',
  filename: null,
  profile_audio_name: null,
  comment: '',
});

/** Form values of a new registration (country preset to India), or of a stored child. */
export function registrationValues(child?: LocalChild | null, centerId?: number): RegistrationValues {
  const values = Object.fromEntries(
    textFields.map((f) => {
      const v = child?.[f];
      return [f, v === undefined || v === null || typeof v === 'object' ? '' : String(v)];
    }),
  ) as Record<RegistrationTextField, string>;
  if (!child) {
    values.countryId = String(DEFAULT_COUNTRY_ID);
    if (centerId && centerId !== 1) values.centerdetailId = String(centerId);
  }
  const image = typeof child?.image === 'string' && child.image ? child.image : null;
  // A child's stored documents are listed beside the rows (child-documents.tsx); the rows are new ones only.
  return { ...values, image, documents: [] };
}
