import { describe, expect, it } from 'vitest';
import {
  ageDigits,
  audioFile,
  dateRangeMessage,
  digitsOnly,
  documentFile,
  imageFile,
  isStoredDate,
  messages,
  normaliseInput,
  optionalAadhar,
  optionalPhone,
  requiredAadhar,
  requiredDate,
  requiredPhone,
  toFieldErrors,
  toStoredDate,
  trimLeading,
  firstFieldError,
  quickAddSchema,
} from '../../../sync/contract';
import { file, firstMessage, messagesOf } from './helpers';

describe('dateRangeMessage (date-range filters)', () => {
  it('accepts neither date', () => {
    expect(dateRangeMessage(null, null)).toBeNull();
    expect(dateRangeMessage('', undefined)).toBeNull();
  });
  it('asks for the missing end', () => {
    expect(dateRangeMessage('2024-01-01', null)).toBe('Select To Date');
    expect(dateRangeMessage('2024-01-01', '  ')).toBe('Select To Date');
    expect(dateRangeMessage(undefined, '2024-01-01')).toBe('Select From Date');
  });
  it('refuses To before From and accepts equal or later', () => {
    expect(dateRangeMessage('2024-03-02', '2024-03-01')).toBe('From Date Should Be Less Than To Date');
    expect(dateRangeMessage('2024-03-01', '2024-03-01')).toBeNull();
    expect(dateRangeMessage('2024-03-01', '2025-01-01')).toBeNull();
  });
  it('reads the filter format DD-MM-YY, the display format and Dates', () => {
    expect(dateRangeMessage('05-03-24', '04-03-24')).toBe('From Date Should Be Less Than To Date');
    expect(dateRangeMessage('31-12-23', '01-01-24')).toBeNull();
    expect(dateRangeMessage('01-02-2024', '2024-01-31')).toBe(messages.fromBeforeTo);
    expect(dateRangeMessage(new Date(2024, 0, 2), new Date(2024, 0, 1))).toBe(messages.fromBeforeTo);
  });
  it('says Invalid Date for a date that does not exist', () => {
    expect(dateRangeMessage('2024-02-30', '2024-03-01')).toBe('Invalid Date');
  });
});

describe('dates', () => {
  it('toStoredDate converts every spec format and rejects impossible dates', () => {
    expect(toStoredDate('2024-02-29')).toBe('2024-02-29');
    expect(toStoredDate('29-02-2024')).toBe('2024-02-29');
    expect(toStoredDate('29-02-24')).toBe('2024-02-29');
    expect(toStoredDate('2023-02-29')).toBeNull();
    expect(toStoredDate('2024-13-01')).toBeNull();
    expect(toStoredDate('yesterday')).toBeNull();
    expect(toStoredDate(new Date('nope'))).toBeNull();
  });
  it('requiredDate: required message, then Invalid Date, stored format only', () => {
    const s = requiredDate('The Date field is required.');
    expect(messagesOf(s, '')).toEqual(['The Date field is required.']);
    expect(messagesOf(s, undefined)).toEqual(['The Date field is required.']);
    expect(messagesOf(s, '2024-02-30')).toEqual(['Invalid Date']);
    expect(messagesOf(s, '01-02-2024')).toEqual(['Invalid Date']);
    expect(s.parse('2024-02-01')).toBe('2024-02-01');
    expect(isStoredDate('2024-2-1')).toBe(false);
  });
});

describe('phone and Aadhar', () => {
  it('optional phone: empty passes, digits only first, then exactly 10 digits', () => {
    const s = optionalPhone();
    expect(s.parse('')).toBeUndefined();
    expect(s.parse(undefined)).toBeUndefined();
    expect(s.parse('9876543210')).toBe('9876543210');
    expect(firstMessage(s, '98765-4321')).toBe('Please enter valid phone number');
    expect(firstMessage(s, '98765')).toBe('Phone number must be of 10 digits');
    expect(firstMessage(s, '98765432101')).toBe('Phone number must be of 10 digits');
  });
  it('required phone names its own required message', () => {
    expect(firstMessage(requiredPhone('Please enter phone number'), '')).toBe('Please enter phone number');
    expect(requiredPhone('x').parse(9876543210)).toBe('9876543210');
  });
  it('Aadhar: 12 digits when present; required variant', () => {
    expect(optionalAadhar().parse('')).toBeUndefined();
    expect(optionalAadhar().parse('123412341234')).toBe('123412341234');
    expect(firstMessage(optionalAadhar(), '12341234123')).toBe('Please Enter Valid Aadhar No.');
    expect(firstMessage(optionalAadhar(), '1234 1234 1234')).toBe('Please Enter Valid Aadhar No.');
    expect(firstMessage(requiredAadhar(), '')).toBe('Aadhar No. is required');
    expect(firstMessage(requiredAadhar(), 'abc')).toBe('Please Enter Valid Aadhar No.');
  });
});

describe('input normalisation', () => {
  it('trims leading spaces only', () => expect(trimLeading('  Ravi  ')).toBe('Ravi  '));
  it('keeps digits only', () => expect(digitsOnly('+91 98-76')).toBe('919876'));
  it('age keeps one decimal point', () => {
    expect(ageDigits('12.5')).toBe('12.5');
    expect(ageDigits('1a2..5.1')).toBe('12.51');
    expect(ageDigits('abc')).toBe('');
  });
  it('normaliseInput picks the rule by field', () => {
    expect(normaliseInput('aadharno', '1234-5678')).toBe('12345678');
    expect(normaliseInput('pincode', ' 110 001')).toBe('110001');
    expect(normaliseInput('no_sibling', '2 kids')).toBe('2');
    expect(normaliseInput('income', '5,000')).toBe('5000');
    expect(normaliseInput('age', '9.5y')).toBe('9.5');
    expect(normaliseInput('email', ' a@b.co ')).toBe('a@b.co');
    expect(normaliseInput('name', '  Ravi ')).toBe('Ravi ');
  });
});

describe('files', () => {
  const fiveMb = 5 * 1024 * 1024;
  it('images: jpg/jpeg/png up to 5 MB', () => {
    const s = imageFile();
    expect(s.safeParse(file('a.JPG', 10, 'image/jpeg')).success).toBe(true);
    expect(s.safeParse(file('a.png', fiveMb, 'image/png')).success).toBe(true);
    expect(messagesOf(s, file('a.png', fiveMb + 1, 'image/png'))).toEqual(['The Image must not be greater than 5 mb']);
    expect(messagesOf(s, file('a.gif', 10, 'image/gif'))).toEqual([messages.imageType]);
    expect(messagesOf(s, undefined)).toEqual(['Image is required']);
  });
  it('a nameless Blob (kept in IndexedDB) is judged by its MIME type', () => {
    expect(imageFile().safeParse(new Blob(['x'], { type: 'image/png' })).success).toBe(true);
    expect(imageFile().safeParse(new Blob(['x'], { type: 'application/pdf' })).success).toBe(false);
  });
  it('documents: 5 MB message; audio: audio/*', () => {
    expect(messagesOf(documentFile('req'), file('d.jpeg', fiveMb + 1, 'image/jpeg'))).toEqual([
      'File can be uploaded, with up to 5 MB size.',
    ]);
    expect(audioFile('req').safeParse(file('v.mp3', 100, 'audio/mpeg')).success).toBe(true);
    expect(messagesOf(audioFile('req'), file('v.png', 100, 'image/png'))).toEqual([messages.audioType]);
  });
});

describe('422 errors', () => {
  it('toFieldErrors keeps screen order and dotted paths; firstFieldError reads the first', () => {
    const r = quickAddSchema.safeParse({ ReferredBy: 'refer' });
    expect(r.success).toBe(false);
    if (r.success) return;
    const errors = toFieldErrors(r.error);
    expect(Object.keys(errors)).toEqual(['name', 'gender', 'dateofarrival', 'image', 'cwccaseno']);
    expect(firstFieldError(errors)).toBe('Name is required');
    expect(firstFieldError('plain')).toBe('plain');
    expect(firstFieldError(null)).toBeUndefined();
  });
});
