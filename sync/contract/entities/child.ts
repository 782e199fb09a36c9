import { z } from 'zod';
import { idSchema, nameRefSchema, nullableText, storedDateText, timestampsShape } from './common';

/** The latest action of each kind, as a child response's last_status carries them. */
export const childLastStatusSchema = z
  .object({
    refer: nullableText,
    produce: nullableText,
    comment: nullableText,
    sps: nullableText,
    medical: nullableText,
    education: nullableText,
    mhp: nullableText,
    other: nullableText,
    history_status: nullableText,
  })
  .partial()
  .nullish();
export type ChildLastStatus = z.infer<typeof childLastStatusSchema>;

/** A registered child as the list, view and edit calls return it. */
export const childSchema = z.object({
  id: idSchema,
  // Identity and registration.
  name: z.string(),
  gender: z.enum(['Male', 'Female']).nullish(),
  dateofarrival: storedDateText,
  image: nullableText,
  uniqueId: nullableText,
  cwccaseno: nullableText,
  centerdetailId: idSchema.nullish(),
  // Family.
  family_touch: z.enum(['yes', 'no']).nullish(),
  f_name: nullableText,
  m_name: nullableText,
  occupation: nullableText,
  income: nullableText,
  no_sibling: nullableText,
  age: nullableText,
  dob: storedDateText,
  caste: nullableText,
  // Location.
  address: nullableText,
  countryId: idSchema.nullish(),
  stateId: idSchema.nullish(),
  cityId: idSchema.nullish(),
  district: idSchema.nullish(),
  pincode: nullableText,
  // Contact and identity.
  mobileno: nullableText,
  phoneno: nullableText,
  aadharno: nullableText,
  educationbefore: nullableText,
  // Case.
  ReferredBy: z.enum(['refer', 'produce', 'action_pending']).nullish(),
  case_type: nullableText,
  short_stay_status: z.enum(['yes', 'no']).nullish(),
  short_stay: nullableText,
  status_of_beneficiaries: nullableText,
  period_street: nullableText,
  occupation_on_street: nullableText,
  contacted_through_referred_found: nullableText,
  action_data: nullableText,
  // Reference block.
  reference_type: nullableText,
  otherref: nullableText,
  breif: nullableText,
  circumstance_of_rescue: nullableText,
  comments: nullableText,
  jamatalashi: nullableText,
  daily_report_no: nullableText,
  police_produced_by: nullableText,
  police_station: nullableText,
  reference_type_other: nullableText,
  // Embedded relations and flags.
  center_data: nameRefSchema,
  state_data: nameRefSchema,
  district_data: nameRefSchema,
  user_data: nameRefSchema,
  child_center: z.object({ transfer_date: storedDateText }).nullish(),
  produce_cwc: z.union([z.boolean(), z.number()]).nullish(),
  refer_cwc: z.union([z.boolean(), z.number()]).nullish(),
  last_status: childLastStatusSchema,
  ...timestampsShape,
});
export type Child = z.infer<typeof childSchema>;

/**
 * How the list labels a child's CWC state: produced to CWC, referred from CWC, or a new
 * corner (neither). Produce wins when both flags are set.
 */
export function cwcState(
  child: Pick<Child, 'produce_cwc' | 'refer_cwc'>,
): 'Produced to CWC' | 'Referred from CWC' | 'New Corner' {
  if (child.produce_cwc) return 'Produced to CWC';
  if (child.refer_cwc) return 'Referred from CWC';
  return 'New Corner';
}
