import { z } from 'zod';
import { messages } from '../messages';
import type { AddFieldIssue } from './screen-order';

const patterns: readonly { re: RegExp; ymd: (m: RegExpMatchArray) => [number, number, number] }[] = [
  // Stored: YYYY-MM-DD.
  { re: /^(\d{4})-(\d{2})-(\d{2})$/, ymd: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  // Displayed: DD-MM-YYYY.
  { re: /^(\d{2})-(\d{2})-(\d{4})$/, ymd: (m) => [Number(m[3]), Number(m[2]), Number(m[1])] },
  // Filter input: DD-MM-YY, read as 20YY.
  { re: /^(\d{2})-(\d{2})-(\d{2})$/, ymd: (m) => [2000 + Number(m[3]), Number(m[2]), Number(m[1])] },
];

/**
 * Reads a date in any of the spec's formats (YYYY-MM-DD, DD-MM-YYYY, DD-MM-YY) and
 * returns it stored-style (YYYY-MM-DD), or null when it is not a real calendar date.
 */
export function toStoredDate(value: string | Date): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  for (const { re, ymd } of patterns) {
    const m = value.trim().match(re);
    if (!m) continue;
    const [y, mo, d] = ymd(m);
    const date = new Date(Date.UTC(y, mo - 1, d));
    const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
    return real ? `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}` : null;
  }
  return null;
}

/** Whether `value` is a real date written YYYY-MM-DD. */
export const isStoredDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && toStoredDate(value) === value;

/** A required date sent as YYYY-MM-DD: `requiredMessage` when missing, 'Invalid Date' when not a date. */
export const requiredDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((v) => v === '' || isStoredDate(v), messages.invalidDate);

/** An optional date sent as YYYY-MM-DD; blank becomes undefined. */
export const optionalDate = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().refine(isStoredDate, messages.invalidDate).nullish(),
  );

type DateInput = string | Date | null | undefined;
const isBlank = (v: DateInput) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The date-range rule of every list filter (part 1 and part 2, section 5): both dates or
 * neither. Returns the info toast's text, or null when the range is acceptable.
 * A date that cannot be read gives 'Invalid Date'. Equal dates are accepted.
 */
export function dateRangeMessage(from: DateInput, to: DateInput): string | null {
  if (isBlank(from) && isBlank(to)) return null;
  if (isBlank(to)) return messages.selectToDate;
  if (isBlank(from)) return messages.selectFromDate;
  const f = toStoredDate(from as string | Date);
  const t = toStoredDate(to as string | Date);
  if (!f || !t) return messages.invalidDate;
  return t < f ? messages.fromBeforeTo : null;
}

/** Optional from_date and to_date of a list filter; add to a filter's shape and check with {@link dateRangeMessage}. */
export const dateRangeShape = {
  from_date: optionalDate(),
  to_date: optionalDate(),
};

/**
 * The date-range rule as a cross-field rule of a filter schema: 'Select From Date' on
 * from_date, the other two messages on to_date. Unreadable dates are left to the
 * fields' own 'Invalid Date'.
 */
export function dateRangeRule(v: Partial<Record<string, unknown>>, addIssue: AddFieldIssue): void {
  const str = (x: unknown) => (typeof x === 'string' ? x : null);
  const message = dateRangeMessage(str(v.from_date), str(v.to_date));
  if (message && message !== messages.invalidDate) {
    addIssue(message === messages.selectFromDate ? 'from_date' : 'to_date', message);
  }
}
