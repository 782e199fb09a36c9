// The one module of the app that formats dates (see no-restricted-imports in eslint.config.js).
// eslint-disable-next-line no-restricted-imports
import dayjs from 'dayjs';
// eslint-disable-next-line no-restricted-imports
import relativeTime from 'dayjs/plugin/relativeTime';
// eslint-disable-next-line no-restricted-imports
import 'dayjs/locale/hi';
import { dateFormats, toStoredDate } from '../../sync';
import { languageStore } from '../../sync/shell';

// The theme reads it in the first load, which has no zod: a module of its own.
export { datePickerYears } from './date-picker-years';

/**
 * The app's one set of date helpers (spec part 1: shown dd-MM-yyyy, stored yyyy-MM-dd,
 * typed DD-MM-YY in list filters). Every screen formats dates through these.
 */
export { dateFormats };

dayjs.extend(relativeTime);

// Words in dates ('2 minutes ago') follow the language shown; the digits' order does not.
dayjs.locale(languageStore.getState().language);
languageStore.subscribe(({ language }) => void dayjs.locale(language));

/** A moment in the past in words ('2 minutes ago'), for the sync status. */
export const showTimeAgo = (at: number | string): string => dayjs(at).fromNow();

/** A stored yyyy-MM-dd date (or a timestamp) shown dd-MM-yyyy; blank stays blank, junk is shown as it is. */
export function showDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const day = dayjs(value.slice(0, 10), dateFormats.stored, true);
  return day.isValid() ? day.format(dateFormats.display) : value;
}

/** A timestamp (ISO text or epoch ms) shown dd-MM-yyyy HH:mm in local time; blank or junk shows ''. */
export function showDateTime(value: unknown): string {
  const at = dateAndTime(value);
  return at ? `${at.date} ${at.time}` : '';
}

/**
 * A timestamp's date (dd-MM-yyyy) and time (HH:mm) apart, in local time, for a sentence of
 * the catalogue to put in its own words ('on {{date}} at {{time}}'); null when blank or junk.
 */
export function dateAndTime(value: unknown): { date: string; time: string } | null {
  if ((typeof value !== 'string' && typeof value !== 'number') || value === '') return null;
  const at = dayjs(value);
  return at.isValid() ? { date: at.format(dateFormats.display), time: at.format('HH:mm') } : null;
}

/** What the server stores: yyyy-MM-dd from a Date or any typed format (DD-MM-YYYY, DD-MM-YY, yyyy-MM-dd); null when not a date. */
export const storeDate = (value: string | Date): string | null => toStoredDate(value);

/** Reads what is typed into a date input as the spec's formats, never month first (every DateInput's dateParser). */
export const parseTypedDate = (value: string): string | null => toStoredDate(value);
