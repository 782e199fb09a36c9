import {
  educationBeforeOptions,
  educationTypes,
  escortMethods,
  exitMethods,
  exitTypes,
  followUpMethods,
  referredByOptions,
  restorationMethods,
  type Option,
} from './options';

/**
 * History statuses (spec part 1, section 4) grouped by the colour Present Status is
 * shown in, and their labels (part 2, section 2).
 */
export const statusColorGroups = {
  otherServices: {
    color: 'orange',
    statuses: ['education', 'higher_education', 'medical_issue', 'mhp', 'referFromCwc'],
  },
  exited: {
    color: 'red',
    statuses: ['by_police', 'by_sbt_staff', 'by_third_party', 'dropout', 'exit_excort_restore', 'other_cci'],
  },
  transferred: {
    color: 'olive',
    statuses: ['reopen', 'transfer', 'transfer_to_home_state_CWC', 'after_care'],
  },
  restored: {
    color: 'teal',
    statuses: [
      'follow_up',
      'rehabilitation',
      'restoration',
      'restoration_follow_up',
      'run_away',
      'short_stay',
      'rescue',
    ],
  },
  produceToCwc: { color: 'blue', statuses: ['produceToCwc'] },
} as const;

/** Colour of a child that has only its registration (no history status). */
export const REGISTRATION_COLOR = 'grey';

/** A colour Present Status may take. */
export type StatusColor =
  (typeof statusColorGroups)[keyof typeof statusColorGroups]['color'] | typeof REGISTRATION_COLOR;

/**
 * The colour of a Present Status value. Statuses outside every group (registration,
 * an empty status, or one the spec does not colour such as other_ngo) are grey.
 */
export function presentStatusColor(status: string | null | undefined): StatusColor {
  if (!status) return REGISTRATION_COLOR;
  for (const group of Object.values(statusColorGroups)) {
    if ((group.statuses as readonly string[]).includes(status)) return group.color;
  }
  return REGISTRATION_COLOR;
}

/**
 * The labels of history statuses, exactly the seven the spec gives (part 2, section 2:
 * "Status labels shown for history_status: by_police = Escort by Police; ... other_ngo =
 * Placed to a shelter. Other statuses show with underscores turned into spaces.").
 */
export const statusLabels: Readonly<Record<string, string>> = {
  by_police: 'Escort by Police',
  by_sbt_staff: 'Escort by staff',
  by_third_party: 'Escort by Third Party',
  rehabilitation: 'Rehabilitation/ Set Free',
  dropout: 'Exited after taking services/ Dropout',
  other_cci: 'Transfer to other NGO/CCI',
  other_ngo: 'Placed to a shelter',
};

/** A code with no label yet still reads as words: underscores become spaces, camelCase splits, first letter capital. */
export const plainWords = (code: string): string => {
  const words = code
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The label of a history status: the spec's seven labels, else the key with underscores
 * turned into spaces (spec part 2, section 2), e.g. follow_up reads "follow up".
 */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '';
  return statusLabels[status] ?? status.replace(/_/g, ' ');
}

const labelsOf = (...lists: ReadonlyArray<readonly Option[]>): Readonly<Record<string, string>> =>
  Object.fromEntries(lists.flat().map((o) => [o.value, o.label]));

/**
 * The one table of coded values shown to people, by the field that holds them: statuses,
 * education types, follow-up and exit methods, CWC actions (DESIGN.md, Part 2 notes: every
 * code shown goes through one label table in the contract).
 */
export const codeLabels: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  history_status: statusLabels,
  last_status: statusLabels,
  education_type: labelsOf(educationTypes),
  restoration_method: labelsOf(followUpMethods, restorationMethods),
  followupmethod: labelsOf(followUpMethods),
  escort_exit_method: labelsOf(escortMethods, exitMethods),
  exit_type: labelsOf(exitTypes),
  ReferredBy: labelsOf(referredByOptions),
  educationbefore: labelsOf(educationBeforeOptions),
};

/** How the value of `field` reads to a person: its label when the field holds a code, else the value itself. */
export function codeLabel(field: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const table = codeLabels[field];
  if (table === statusLabels) return statusLabel(value);
  if (!table) return value;
  return table[value] ?? plainWords(value);
}

/**
 * Names of record fields as a person reads them (the labels of the registration form and
 * the action forms), for the review queue's conflict card.
 */
export const recordFieldLabels: Readonly<Record<string, string>> = {
  name: 'Name',
  dateofarrival: 'Date of Arrival',
  gender: 'Gender',
  centerdetailId: 'Center Name',
  ReferredBy: 'CWC Action',
  cwccaseno: 'CWC Case No.',
  short_stay_status: 'Short Stay',
  short_stay: 'SBT Home',
  aadharno: 'Aadhar No.',
  mobileno: 'Mobile No.',
  phoneno: 'Alternate Phone No.',
  address: 'Address',
  countryId: 'Country',
  stateId: 'State',
  cityId: 'City',
  district: 'District',
  pincode: 'Pincode',
  reference_type: 'Reference By',
  otherref: 'Reference Details',
  daily_report_no: 'Daily Report No.',
  police_produced_by: 'Produced By',
  police_station: 'Police Station',
  reference_type_other: 'Other Detail',
  breif: 'Brief',
  circumstance_of_rescue: 'Circumstance of Rescue',
  comments: 'Comments',
  jamatalashi: 'Jamatalashi',
  family_touch: 'In Touch With Family',
  f_name: 'Father Name',
  m_name: 'Mother Name',
  occupation: 'Occupation',
  income: 'Income',
  no_sibling: 'No. of Siblings',
  age: 'Age',
  dob: 'Date of Birth',
  caste: 'Caste',
  educationbefore: 'Education Before Entering',
  case_type: 'Case Category',
  status_of_beneficiaries: 'Status of Beneficiary',
  period_street: 'Period on Street',
  occupation_on_street: 'Occupation on Street',
  contacted_through_referred_found: 'Contacted Through',
  action_data: 'Action Taken',
  image: 'Photo',
  uniqueId: 'Unique Id',
  history_status: 'Status',
  transfer_date: 'Date',
  history_date: 'Date',
  comment: 'Comment',
  education_type: 'Education',
  education_level: 'Education Level',
  restoration_method: 'Method',
  escort_exit_method: 'Exit Method',
  exit_type: 'Exit Type',
  medical_issues: 'Medical Issue',
  centerId: 'Center',
  // A non-registered beneficiary and its documents (the document row's labels, part 1 section 5).
  service: 'Service',
  service_date: 'Date',
  beneficiaryId: 'Beneficiary',
  tagId: 'Tag Name',
  doc_date: "Document's Date",
  filename: 'File',
};

/** The label of a record field; a field missing from the table still reads as words. */
export const recordFieldLabel = (field: string): string => recordFieldLabels[field] ?? plainWords(field);

/** Exit and restoration status keys that the part 2 lists filter on. */
export const exitRestoreStatusKeys = [
  'dropout',
  'run_away',
  'short_stay',
  'other_ngo',
  'io_police',
  'transfer_to_home_state_CWC',
  'rescue',
  'other_cci',
  'by_police',
  'by_sbt_staff',
  'by_third_party',
  'rehabilitation',
  'after_care',
  'higher_education',
  'restoration',
  'restoration_follow_up',
  'follow_up',
  'transfer',
  'education',
  'medical_issue',
  'mhp',
] as const;
/** A status key of the exit/restoration lists. */
export type ExitRestoreStatusKey = (typeof exitRestoreStatusKeys)[number];

/** Status keys of the per-child history listing call (/listing/{childId}/{key}). */
export const listingStatusKeys = [
  'restoration',
  'medical_issue',
  'education',
  'mhp',
  'social_protection_scheme',
  'follow_up',
] as const;
/** A status key of /listing/{childId}/{key}. */
export type ListingStatusKey = (typeof listingStatusKeys)[number];
