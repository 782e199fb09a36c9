import { describe, expect, it } from 'vitest';
import {
  centerFormSchema,
  childListFilterSchema,
  cwcListFilterSchema,
  hasAnyPermission,
  mealFormSchema,
  mealFilterSchema,
  previousBalanceFormSchema,
  roleFormSchema,
  rolePermissionRequestSchema,
  schemeFormSchema,
  singleReportRequestSchema,
  tagFormSchema,
  userCreateFormSchema,
  userUpdateFormSchema,
} from '../../../sync/contract';
import { firstMessage, messagesOf } from './helpers';

describe('center form', () => {
  const ok = { centertypeId: '1', name: 'Paharganj CP', prefix: 'pgj', address: 'Paharganj', status: '1' };
  it('shows the first failing field in the spec order', () => {
    expect(messagesOf(centerFormSchema, {})).toEqual([
      'The Center Field is required',
      'Please enter center name',
      'The Prefix Field is required',
      'The Address Field is required',
      'Status is required',
    ]);
    expect(firstMessage(centerFormSchema, { ...ok, name: ' ', address: '' })).toBe('Please enter center name');
  });
  it('upper-cases the prefix and checks optional e-mail and phone', () => {
    expect(centerFormSchema.parse(ok)).toMatchObject({ centertypeId: 1, prefix: 'PGJ', status: 1 });
    expect(firstMessage(centerFormSchema, { ...ok, email: 'nope' })).toBe('Invalid email');
    expect(firstMessage(centerFormSchema, { ...ok, phone: '123' })).toBe('Phone number must be of 10 digits');
  });
});

describe('tag, role, scheme', () => {
  it('tag name', () => {
    expect(firstMessage(tagFormSchema, { name: '' })).toBe('Tag name is required.');
  });
  it('role name required and stored lower-case', () => {
    expect(firstMessage(roleFormSchema, { name: '  ' })).toBe('User role is required.');
    expect(roleFormSchema.parse({ name: 'Field Worker' }).name).toBe('field worker');
  });
  it('Please choose permission when nothing is checked', () => {
    expect(firstMessage(rolePermissionRequestSchema, { id: 3 })).toBe('Please choose permission');
    expect(firstMessage(rolePermissionRequestSchema, { id: 3, cwc: { all: 0, view: 0 } })).toBe(
      'Please choose permission',
    );
    expect(rolePermissionRequestSchema.safeParse({ id: 3, sps: { delete: 1 } }).success).toBe(true);
    expect(hasAnyPermission({ exit_restore: { view: 1 } })).toBe(true);
  });
  it('scheme name required, status defaults to 1', () => {
    expect(firstMessage(schemeFormSchema, {})).toBe('Scheme name is required.');
    expect(schemeFormSchema.parse({ name: 'PM CARES' }).status).toBe(1);
  });
});

describe('user form', () => {
  const ok = {
    name: 'Asha',
    email: 'asha@demo.test',
    password: 'secret12',
    status: 1,
    mobile_number: '9876543210',
    comment: 'New staff',
    centertypeId: 4,
    role_id: 2,
  };
  it('create: every field in order, password required', () => {
    expect(messagesOf(userCreateFormSchema, {})).toEqual([
      'Please enter name',
      'Please enter an email',
      'Please enter password',
      'The status field is required.',
      'Please enter phone number',
      'The comment field is required.',
      'The Center field is required.',
      'The Role field is required.',
    ]);
    expect(userCreateFormSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(userCreateFormSchema, { ...ok, email: 'asha' })).toBe('Invalid email');
    expect(firstMessage(userCreateFormSchema, { ...ok, mobile_number: '98765' })).toBe(
      'Phone number must be of 10 digits',
    );
  });
  it('update: password not required', () => {
    expect(userUpdateFormSchema.safeParse({ ...ok, id: 9, password: '' }).success).toBe(true);
    expect(firstMessage(userUpdateFormSchema, { id: 9, password: '' })).toBe('Please enter name');
  });
});

describe('meal and previous balance (part 2, section 5)', () => {
  it('meal messages in order', () => {
    expect(messagesOf(mealFormSchema, {})).toEqual([
      'Center Name is required',
      'Please enter date',
      'Meal Provided in a day is required',
      'Children Count is required',
    ]);
    expect(firstMessage(mealFormSchema, { center_id: 1, meal_date: '2024-01-01', meal_type: 5, child_count: 3 })).toBe(
      'Meal Provided in a day is required',
    );
    expect(
      mealFormSchema.parse({ center_id: '1', meal_date: '2024-01-01', meal_type: '3', child_count: '40' }),
    ).toMatchObject({
      center_id: 1,
      meal_type: 3,
      child_count: 40,
    });
  });
  it('previous balance requires center, date, comment; male/female numbers default 0', () => {
    expect(messagesOf(previousBalanceFormSchema, {})).toEqual([
      'The Center field is required.',
      'The Activity Date field is required.',
      'The comment field is required.',
    ]);
    expect(
      firstMessage(previousBalanceFormSchema, { centerId: 1, activity_date: '2024-01-01', comment: 'x', male: 'two' }),
    ).toBe('Male must be a number');
  });
});

describe('list filters', () => {
  it('apply the date-range rule', () => {
    expect(firstMessage(childListFilterSchema, { from_date: '2024-01-01' })).toBe('Select To Date');
    expect(firstMessage(cwcListFilterSchema, { to_date: '2024-01-01' })).toBe('Select From Date');
    expect(firstMessage(mealFilterSchema, { from_date: '2024-02-01', to_date: '2024-01-01' })).toBe(
      'From Date Should Be Less Than To Date',
    );
    expect(childListFilterSchema.safeParse({ name: 'Ravi' }).success).toBe(true);
  });
  it('report details send novalue for missing conditions', () => {
    expect(singleReportRequestSchema.parse({ centerId: 1, where: 'case_type' })).toMatchObject({
      where: 'case_type',
      value: 'novalue',
      where1: 'novalue',
      value1: 'novalue',
    });
  });
});
