import { children } from '../db/schema';

/*
 * Registration fields as the contract's schemas name them, which are also the column
 * keys of `children`: validated data maps onto columns by name.
 */
const TEXT_FIELDS = [
  'name',
  'gender',
  'dateofarrival',
  'cwccaseno',
  'ReferredBy',
  'short_stay_status',
  'short_stay',
  'aadharno',
  'mobileno',
  'phoneno',
  'address',
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
const ID_FIELDS = ['countryId', 'stateId', 'cityId', 'district', 'centerdetailId'] as const;

type ChildInsert = typeof children.$inferInsert;

/** Column values of the validated fields present in `data` (blank ones become null). */
export function childColumns(data: Record<string, unknown>): Partial<ChildInsert> {
  const values: Record<string, unknown> = {};
  for (const key of TEXT_FIELDS) if (key in data) values[key] = typeof data[key] === 'string' ? data[key] : null;
  for (const key of ID_FIELDS) if (key in data) values[key] = typeof data[key] === 'number' ? data[key] : null;
  // Spec section 4: short stay "no" clears the home's name.
  if (values.short_stay_status === 'no') values.short_stay = null;
  // The list's CWC label follows the CWC action chosen at registration (as the demo data).
  if ('ReferredBy' in values) {
    values.produce_cwc = values.ReferredBy === 'produce' ? 1 : 0;
    values.refer_cwc = values.ReferredBy === 'refer' ? 1 : 0;
  }
  return values as Partial<ChildInsert>;
}

/** A stored child as form input, for merging a partial update onto it. */
export function childAsInput(row: typeof children.$inferSelect): Record<string, unknown> {
  const input: Record<string, unknown> = { image: row.image ?? undefined };
  for (const key of [...TEXT_FIELDS, ...ID_FIELDS]) {
    const value = row[key];
    if (value !== null && value !== undefined) input[key] = value;
  }
  return input;
}
