import { DEFAULT_COUNTRY_ID, textLimits } from '../constants/limits';
import {
  caseTypes,
  educationBeforeOptions,
  enumOf,
  genders,
  referenceByOptions,
  referredByOptions,
  yesNo,
} from '../constants/options';
import { shortStayHomes } from '../constants/ui-lists';
import { messages } from '../messages';
import { isFilled, type AddFieldIssue } from '../rules/screen-order';
import {
  optionalAge,
  optionalChoice,
  optionalId,
  optionalText,
  requiredChoice,
  requiredId,
  requiredText,
} from '../rules/fields';
import { optionalDate, requiredDate } from '../rules/date';
import { optionalAadhar, optionalPhone } from '../rules/phone';
import { imageFile, keptOrNewFile } from '../rules/file';
import { checkedDocumentsSchema } from './documents';
import { childFieldRequired, referenceTypesNeedingDetails } from './child-labels';

/*
 * The registration wizard's steps 0 to 3 (part 1, sections 2, 4 and 5), as shapes in
 * screen order plus their cross-field rules, so each step validates alone and the full
 * registration payload is their union (registration.ts).
 */

const digits = (label: string) =>
  optionalText().refine((v) => v == null || /^\d+$/.test(v), `${label} must be a number`);

/** Step 0, basic info. The profile picture is optional but checked when given. */
export const basicInfoShape = {
  name: requiredText(messages.nameRequired),
  dateofarrival: requiredDate(childFieldRequired('dateofarrival')),
  gender: requiredChoice(enumOf(genders), messages.genderRequired),
  image: keptOrNewFile(imageFile()),
  centerdetailId: optionalId(),
};

/** Step 1, CWC action, contact and location, and the reference block. */
export const caseDetailsShape = {
  ReferredBy: requiredChoice(enumOf(referredByOptions), messages.referredByRequired),
  cwccaseno: optionalText(),
  short_stay_status: requiredChoice(enumOf(yesNo), childFieldRequired('short_stay_status')),
  short_stay: optionalChoice(enumOf(shortStayHomes)),
  aadharno: optionalAadhar(),
  mobileno: optionalPhone(),
  phoneno: optionalPhone(),
  address: requiredText(childFieldRequired('address'), textLimits.long),
  countryId: requiredId(childFieldRequired('countryId')),
  stateId: requiredId(childFieldRequired('stateId')),
  cityId: optionalId(),
  district: optionalId(),
  pincode: digits('Pincode'),
  reference_type: requiredChoice(enumOf(referenceByOptions), childFieldRequired('reference_type')),
  otherref: optionalText(),
  daily_report_no: optionalText(),
  police_produced_by: optionalText(),
  police_station: optionalText(),
  reference_type_other: optionalText(),
  breif: optionalText(textLimits.long),
  circumstance_of_rescue: optionalText(textLimits.long),
  comments: optionalText(textLimits.long),
  jamatalashi: optionalText(),
};

/**
 * Step 1's conditional rules: cwccaseno when refer; short_stay when yes; district for
 * India (country 101), city elsewhere; reference details by reference type.
 */
export function caseDetailsRules(v: Partial<Record<string, unknown>>, addIssue: AddFieldIssue): void {
  if (v.ReferredBy === 'refer' && !isFilled(v.cwccaseno)) addIssue('cwccaseno', childFieldRequired('cwccaseno'));
  if (v.short_stay_status === 'yes' && !isFilled(v.short_stay))
    addIssue('short_stay', childFieldRequired('short_stay'));
  if (isFilled(v.countryId)) {
    const india = Number(v.countryId) === DEFAULT_COUNTRY_ID;
    if (india && !isFilled(v.district)) addIssue('district', childFieldRequired('district'));
    if (!india && !isFilled(v.cityId)) addIssue('cityId', childFieldRequired('cityId'));
  }
  const type = v.reference_type;
  const needs = (
    field: 'otherref' | 'daily_report_no' | 'police_produced_by' | 'police_station' | 'reference_type_other',
  ) => {
    if (!isFilled(v[field])) addIssue(field, childFieldRequired(field));
  };
  if ((referenceTypesNeedingDetails as readonly unknown[]).includes(type)) needs('otherref');
  if (type === 'Police') {
    needs('daily_report_no');
    needs('police_produced_by');
    needs('police_station');
  }
  if (type === 'Others') needs('reference_type_other');
}

/** Step 2, documents as repeatable rows; rows present are checked. */
export const documentsStepShape = { documents: checkedDocumentsSchema };

/** Step 3, the final step: family and case details, all optional, digits checked. */
export const additionalInfoShape = {
  family_touch: optionalChoice(enumOf(yesNo)),
  f_name: optionalText(),
  m_name: optionalText(),
  occupation: optionalText(),
  income: digits('Income'),
  no_sibling: digits('No. of Siblings'),
  age: optionalAge(),
  dob: optionalDate(),
  caste: optionalText(),
  educationbefore: optionalChoice(enumOf(educationBeforeOptions)),
  case_type: optionalChoice(enumOf(caseTypes)),
  status_of_beneficiaries: optionalText(),
  period_street: optionalText(),
  occupation_on_street: optionalText(),
  contacted_through_referred_found: optionalText(),
  action_data: optionalText(textLimits.long),
};

/** Fields a user may change that clear others (part 1, section 4). */
export const registrationFieldResets = {
  short_stay_status: ['short_stay'],
  countryId: ['stateId', 'cityId', 'district'],
  stateId: ['cityId', 'district'],
} as const;

/**
 * The values to clear after `field` changed to `value`: short_stay when short stay
 * becomes no; state, city and district when the country changes; city and district when
 * the state changes.
 */
export function fieldsClearedBy(field: string, value: unknown): readonly string[] {
  if (field === 'short_stay_status') return value === 'no' ? registrationFieldResets.short_stay_status : [];
  if (field === 'countryId') return registrationFieldResets.countryId;
  if (field === 'stateId') return registrationFieldResets.stateId;
  return [];
}

/** City is asked instead of district when the country is not India (101). */
export const showsCityInsteadOfDistrict = (countryId: unknown): boolean =>
  isFilled(countryId) && Number(countryId) !== DEFAULT_COUNTRY_ID;
