/**
 * The choice lists of spec part 1, sections 3, 4 and 9. Each is an array of
 * `{ value, label }`: `value` is what is stored and sent, `label` what a select shows.
 */
export type Option<V extends string | number = string> = { readonly value: V; readonly label: string };

/** Options whose label is the stored value itself. */
export const sameLabel = <const V extends string>(values: readonly V[]): readonly Option<V>[] =>
  values.map((value) => ({ value, label: value }));

/** Values of a list, for z.enum and membership checks. */
export const optionValues = <V extends string | number>(options: readonly Option<V>[]): V[] =>
  options.map((o) => o.value);

/** The values of a non-empty option list as a tuple, for z.enum. */
export function enumOf<V extends string>(options: readonly Option<V>[]): [V, ...V[]] {
  const [first, ...rest] = options.map((o) => o.value);
  if (first === undefined) throw new Error('An option list is empty');
  return [first, ...rest];
}

export const genders = sameLabel(['Male', 'Female'] as const);
export const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const satisfies readonly Option[];

/** CWC action of a child (ReferredBy). */
export const referredByOptions = [
  { value: 'refer', label: 'Refer from CWC' },
  { value: 'produce', label: 'Produce to CWC' },
  { value: 'action_pending', label: 'Action Pending' },
] as const satisfies readonly Option[];

/** The three exit action types of the profile's Action dropdown. */
export const exitActionTypes = [
  { value: 'transfer', label: 'Transfer' },
  { value: 'escort_exit', label: 'Escort/Exit' },
  { value: 'restore', label: 'Restore' },
] as const satisfies readonly Option[];

/** Exit Type of the Escort/Exit form; escort is the default. */
export const exitTypes = [
  { value: 'escort', label: 'Escort' },
  { value: 'exit', label: 'Exit' },
] as const satisfies readonly Option[];

export const escortMethods = [
  { value: 'by_police', label: 'Escort by Police' },
  { value: 'by_sbt_staff', label: 'Escort by staff' },
  { value: 'by_third_party', label: 'Escort by Third Party' },
] as const satisfies readonly Option[];

export const exitMethods = [
  { value: 'run_away', label: 'Run Away' },
  { value: 'short_stay', label: 'Short Stay' },
  { value: 'rehabilitation', label: 'Rehabilitation/ Set Free' },
  { value: 'after_care', label: 'After Care' },
  { value: 'dropout', label: 'Exited after taking services/ Dropout' },
  { value: 'other_cci', label: 'Transfer to other NGO/CCI' },
  { value: 'other_ngo', label: 'Placed to SBT Shelter' },
  { value: 'io_police', label: 'IO Police' },
  { value: 'transfer_to_home_state_CWC', label: 'Transfer to Home State CWC' },
] as const satisfies readonly Option[];

export const followUpMethods = [
  { value: 'bytelephone', label: 'By Telephone' },
  { value: 'byvisit', label: 'By Visit' },
  { value: 'byemail', label: 'By Email' },
] as const satisfies readonly Option[];

export const restorationMethods = [
  { value: 'bytelephone', label: 'By Telephone' },
  { value: 'byvisit', label: 'By Visit' },
] as const satisfies readonly Option[];

/** MHP sessions session_1 to session_12; session_1 is the default. */
export const sessionOptions: readonly Option[] = Array.from({ length: 12 }, (_, i) => ({
  value: `session_${i + 1}`,
  label: `Session ${i + 1}`,
}));

export const educationLevels = sameLabel([
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  'NFE',
  'NIOS',
  'Higher Education',
] as const);

export const educationTypes = [
  { value: 'formal_school', label: 'Formal School' },
  { value: 'non_formal_education', label: 'Non Formal Education' },
  { value: 'national_institute_of_open_schooling', label: 'National Institute of Open Schooling' },
  { value: 'higher_education', label: 'Higher Education' },
  { value: 'vocational_training', label: 'Vocational Training' },
  { value: 'job_placement', label: 'Job Placement' },
  { value: 'skill_classes', label: 'Skill Classes' },
  { value: 'special_needs_children_school', label: 'Special Needs Children School' },
] as const satisfies readonly Option[];

/** Education before entering the center (educationbefore). */
export const educationBeforeOptions = [
  { value: 'illiterate', label: 'Illiterate' },
  { value: 'primary', label: 'Primary' },
  { value: 'middle', label: 'Middle' },
  { value: 'secondary', label: 'Secondary' },
  { value: 'higher_sec', label: 'Higher Secondary' },
  { value: 'senior_sec', label: 'Senior Secondary' },
  { value: 'religious_institution', label: 'Religious Institution' },
] as const satisfies readonly Option[];

/** Case categories (case_type), verbatim from the spec. */
export const caseTypes = sameLabel([
  'Orphaned',
  'Abandoned',
  'Missing',
  'Runaway',
  'Trafficking',
  'Abused',
  'CNCP',
  'Others',
  'Kidnapping',
  'Affected By Substance',
  'Begging',
  'Rag-picking',
  'Love Affair/ Teenage Issues',
  'Job / Livelihood Related',
  'Family Dispute',
  'Education Related',
  'Attracted To The City',
  'Abuse And Violence',
  'Centre Enrollment',
] as const);

/** Child reference by (reference_type), verbatim from the spec. */
export const referenceByOptions = sameLabel([
  'Child Helpline',
  'Self',
  'From CWC',
  'From Stakeholder',
  'Out Reach',
  'Police',
  'Voluntarily',
  'From SBT Center',
  'Others',
] as const);
