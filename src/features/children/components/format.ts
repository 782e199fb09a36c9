import dayjs from 'dayjs';
import { dateFormats } from '../../../../sync';

/** A stored yyyy-MM-dd date shown dd-MM-yyyy; blank stays blank. */
export function showDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const day = dayjs(value.slice(0, 10), dateFormats.stored, true);
  return day.isValid() ? day.format(dateFormats.display) : value;
}

export const showText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? '' : String(value);
