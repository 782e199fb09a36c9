/**
 * Input normalisation of part 1, section 5, applied by inputs as the user types (and by
 * the schemas where it matters): leading spaces trimmed, digit-only fields, age with one
 * decimal point.
 */

/** Removes leading whitespace (the spec trims leading spaces of every text input). */
export const trimLeading = (value: string): string => value.replace(/^\s+/, '');

/** Keeps digits only (phone, mobileno, phoneno, aadharno, pincode, income, no_sibling). */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** Keeps digits and the first decimal point only (age). */
export function ageDigits(value: string): string {
  const kept = value.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}

/** E-mail as typed: trimmed on both ends. */
export const normaliseEmail = (value: string): string => value.trim();

/** Fields that accept digits only (age accepts a decimal point too, see {@link ageDigits}). */
export const digitOnlyFields = [
  'phone',
  'mobile_number',
  'income',
  'mobileno',
  'phoneno',
  'aadharno',
  'pincode',
  'no_sibling',
] as const;

/** Normalises one field's input by its name: digit fields, age, or leading-space trim. */
export function normaliseInput(field: string, value: string): string {
  if (field === 'age') return ageDigits(value);
  if ((digitOnlyFields as readonly string[]).includes(field)) return digitsOnly(value);
  if (field === 'email' || field === 'emailId') return normaliseEmail(value);
  return trimLeading(value);
}
