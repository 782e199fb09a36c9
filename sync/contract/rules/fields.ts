import { z } from 'zod';
import { MAX_CHILDREN_AT_A_CENTER, textLimits } from '../constants/limits';
import { childrenAtMost, messages, textTooLong, theFieldRequired } from '../messages';

/**
 * Labels of 'The X field is required.' keyed by API field name (part 1, section 5 lists
 * the labels; the mapping to fields is ours, by meaning).
 */
export const fieldLabels = {
  status: 'status',
  comment: 'comment',
  role_id: 'Role',
  centerId: 'Center',
  childregId: 'Child',
  education_type: 'Education',
  medical_issues: 'Medical Issue',
  other: 'Others',
  restoration_method: 'Restoration Method',
  restore_to_address: 'Restoration Address',
  restore_to: 'Restored To',
  mhp: 'MHP',
  education_level: 'Education Level',
  current_centerId: 'Current Center Name',
  escort_exit_address: 'Escort/Exit Address',
  escort_exit_to: 'Escort/Exit To',
  escort_exit_method: 'Exit Method',
  exit_type: 'Exit Type',
  cwccaseno: 'CWC Case No.',
  date: 'Date',
  activity_date: 'Activity Date',
  transfer_date: 'Transfer Date',
} as const;
/** A field with a label in {@link fieldLabels}. */
export type LabelledField = keyof typeof fieldLabels;

/** 'The X field is required.' for an API field. */
export const fieldRequired = (field: LabelledField): string => theFieldRequired(fieldLabels[field]);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * Whether a text holds a control character: C0 controls other than tab, line feed and
 * carriage return, DEL, or a C1 control. Nobody types them; PostgreSQL refuses NUL in
 * text outright, and the others hide in names and break exports.
 */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 ? code !== 0x09 && code !== 0x0a && code !== 0x0d : code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

/** The API field an issue is about: the last named segment of its path (`documents.0.comment` → comment). */
const fieldOf = (path: readonly PropertyKey[] | undefined): string =>
  [...(path ?? [])]
    .reverse()
    .find((segment): segment is string => typeof segment === 'string' && !/^\d+$/.test(segment)) ?? 'text';

/**
 * At most `max` characters after trimming, with {@link textTooLong}'s message naming the
 * field the text is in (the issue's path is known when the message is made).
 */
const atMost = (max: number) => ({ error: (issue: { path?: PropertyKey[] }) => textTooLong(fieldOf(issue.path), max) });

/**
 * Every text has a length (textLimits): a line of a form `short` (the default), a
 * free-text box (longTextFields: comments, addresses) `long`. No stored or sent text is
 * then larger than a person writes into a form.
 */
export type TextLimit = (typeof textLimits)[keyof typeof textLimits];

/** Plain text: trimmed, without control characters, at most `max` characters. */
export const plainText = (max: TextLimit = textLimits.short) =>
  z
    .string()
    .trim()
    .max(max, atMost(max))
    .refine((v) => !hasControlCharacters(v), messages.controlCharacters);

/** A required text: missing, null or blank after trimming fails with `message`; at most `max` characters. */
export const requiredText = (message: string, max: TextLimit = textLimits.short) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, atMost(max))
    .refine((v) => !hasControlCharacters(v), messages.controlCharacters);

/** An optional text of at most `max` characters; blank becomes undefined. */
export const optionalText = (max: TextLimit = textLimits.short) =>
  z.preprocess(blankToUndefined, plainText(max).nullish());

/** An age as part 1 section 5 has it: digits with one decimal point, optional. */
export const optionalAge = () =>
  optionalText().refine((v) => v == null || /^\d+(\.\d*)?$/.test(v), 'Age must be a number');

const toNumber = (v: unknown) => {
  const b = blankToUndefined(v);
  return typeof b === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(b) ? Number(b) : b;
};

/** A required id from a select or a multipart field: '12' and 12 both pass, '' fails. */
export const requiredId = (message: string) =>
  z.preprocess(toNumber, z.number({ error: message }).int(message).positive(message));

/** An optional id; blank becomes undefined. */
export const optionalId = () => z.preprocess(toNumber, z.number().int().positive().nullish());

/**
 * A count of children at one center (child_count, male, female): a whole number from 0 to
 * what a center holds. `message` when it is missing or not a whole number of at least 0;
 * above the bound, '{label} can be at most 5000, ...' ({@link childrenAtMost}).
 */
export const childrenCount = (message: string, label: string, whenMissing?: number) =>
  z.preprocess(
    (v) => (whenMissing !== undefined && (v === undefined || v === null || v === '') ? whenMissing : toNumber(v)),
    z
      .number({ error: message })
      .int(message)
      .min(0, message)
      .max(MAX_CHILDREN_AT_A_CENTER, childrenAtMost(label, MAX_CHILDREN_AT_A_CENTER)),
  );

/** A required choice among `values`; blank or unknown fails with `message`. */
export const requiredChoice = <const V extends readonly [string, ...string[]]>(values: V, message: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: message }));

/** An optional choice among `values`; blank becomes undefined. */
export const optionalChoice = <const V extends readonly [string, ...string[]]>(values: V) =>
  z.preprocess(blankToUndefined, z.enum(values).nullish());

/** A required flag 1 or 0 ('1' and '0' from multipart pass too). */
export const requiredFlag = (message: string) =>
  z.preprocess(toNumber, z.union([z.literal(1), z.literal(0)], { error: message }));
