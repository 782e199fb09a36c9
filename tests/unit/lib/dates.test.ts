import { describe, expect, it } from 'vitest';
import { dateAndTime, parseTypedDate, showDate, showDateTime, storeDate } from '../../../src/lib/dates';

describe('date helpers (shown dd-MM-yyyy, stored yyyy-MM-dd, filters typed DD-MM-YY)', () => {
  it('shows a stored date or a timestamp day first', () => {
    expect(showDate('2024-03-07')).toBe('07-03-2024');
    expect(showDate('2024-03-07T10:20:00.000Z')).toBe('07-03-2024');
    expect(showDate('')).toBe('');
    expect(showDate(null)).toBe('');
    expect(showDate('not a date')).toBe('not a date');
  });

  it('shows a timestamp with its local time', () => {
    const at = new Date(2024, 2, 7, 9, 5);
    expect(showDateTime(at.toISOString())).toBe('07-03-2024 09:05');
    expect(showDateTime(at.getTime())).toBe('07-03-2024 09:05');
    expect(dateAndTime(at.getTime())).toEqual({ date: '07-03-2024', time: '09:05' });
    expect(dateAndTime('')).toBeNull();
    expect(dateAndTime('not a date')).toBeNull();
    expect(showDateTime('')).toBe('');
    expect(showDateTime('junk')).toBe('');
    expect(showDateTime(undefined)).toBe('');
  });

  it('stores any typed format as yyyy-MM-dd, never month first', () => {
    expect(storeDate('07-03-24')).toBe('2024-03-07');
    expect(storeDate('07-03-2024')).toBe('2024-03-07');
    expect(storeDate('2024-03-07')).toBe('2024-03-07');
    expect(storeDate(new Date(2024, 2, 7))).toBe('2024-03-07');
    expect(storeDate('31-02-24')).toBeNull();
    expect(parseTypedDate('13-12-24')).toBe('2024-12-13');
    expect(parseTypedDate('12/13/24')).toBeNull();
  });
});
