import { labelRequired } from '../messages';

/**
 * Labels of the registration fields; a missing field shows '{label} is required'
 * (part 1, section 5). Where the spec gives the message verbatim (name, gender,
 * ReferredBy) that text is used instead; the other labels are ours.
 */
export const childFieldLabels = {
  dateofarrival: 'Date of Arrival',
  cwccaseno: 'CWC Case No.',
  centerdetailId: 'Center Name',
  short_stay_status: 'Short Stay',
  short_stay: 'SBT Home',
  address: 'Address',
  countryId: 'Country',
  stateId: 'State',
  cityId: 'City',
  district: 'District',
  reference_type: 'Reference By',
  otherref: 'Reference Details',
  daily_report_no: 'Daily Report No.',
  police_produced_by: 'Produced By',
  police_station: 'Police Station',
  reference_type_other: 'Other Detail',
} as const;

/** '{label} is required' for a registration field. */
export const childFieldRequired = (field: keyof typeof childFieldLabels): string =>
  labelRequired(childFieldLabels[field]);

/** Reference types whose details (otherref) are required. */
export const referenceTypesNeedingDetails = ['Child Helpline', 'Out Reach'] as const;
