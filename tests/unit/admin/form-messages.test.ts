import { describe, expect, it } from 'vitest';
import { messages } from '../../../sync/contract';
import { checkCenter, type CenterValues } from '../../../src/features/centers/hooks/save-center';
import { checkTag } from '../../../src/features/tags/hooks/save-tag';
import { checkPermissions, checkRole, permissionGrid } from '../../../src/features/roles/hooks/save-role';
import { checkUser, type UserValues } from '../../../src/features/users/hooks/save-user';
import { userWrite } from '../../../sync/entities/users';

/* The validation messages of the administration forms (spec part 1, section 5), first failing field first. */

describe('center form', () => {
  const valid: CenterValues = {
    centertypeId: '2',
    email: '',
    prefix: 'osh',
    name: 'Open Shelter Delhi',
    phone: '',
    status: '1',
    address: 'Near the station',
  };
  it.each([
    [{ ...valid, centertypeId: '', name: '', prefix: '', address: '', status: '' }, messages.centerRequired],
    [{ ...valid, name: ' ', prefix: '', address: '', status: '' }, messages.centerNameRequired],
    [{ ...valid, prefix: '', address: '', status: '' }, messages.prefixRequired],
    [{ ...valid, address: '', status: '' }, messages.addressRequired],
    [{ ...valid, status: '' }, messages.statusRequired],
    [{ ...valid, email: 'no-at-sign' }, messages.emailInvalid],
    [{ ...valid, phone: '12345' }, messages.phoneLength],
  ])('%j → %s', (values, message) => {
    expect(checkCenter(values)).toEqual({ ok: false, message });
  });

  it('forces the prefix to upper case', () => {
    const checked = checkCenter(valid);
    expect(checked.ok && checked.fields.prefix).toBe('OSH');
  });
});

describe('tag form', () => {
  it.each(['', '   '])('%j → Tag name is required.', (name) => {
    expect(checkTag({ name })).toEqual({ ok: false, message: messages.tagRequired });
  });
  it('passes a name', () => expect(checkTag({ name: 'Aadhar' })).toEqual({ ok: true, fields: { name: 'Aadhar' } }));
});

describe('role form and permissions', () => {
  it('User role is required.', () =>
    expect(checkRole({ name: ' ' })).toEqual({ ok: false, message: messages.roleRequired }));
  it('stores the name lower-case', () =>
    expect(checkRole({ name: 'Field Worker' })).toEqual({ ok: true, fields: { name: 'field worker' } }));

  it('the grid has every module and action of section 6', () => {
    expect(permissionGrid(null)).toEqual({
      child_tracking: { all: 0, create: 0, view: 0, edit: 0, delete: 0 },
      child_registration: { all: 0, create: 0, view: 0, edit: 0, delete: 0 },
      cwc: { all: 0, create: 0, view: 0, edit: 0, delete: 0 },
      meal_type: { all: 0, create: 0, view: 0, edit: 0, delete: 0 },
      exit_restore: { view: 0 },
      child_document: { delete: 0 },
      sps: { delete: 0 },
    });
  });

  it("nothing checked: 'Please choose permission' as an info toast", () => {
    expect(checkPermissions(permissionGrid(null))).toEqual({
      ok: false,
      message: messages.choosePermission,
      info: true,
    });
  });

  it('one action checked passes', () => {
    const grid = permissionGrid({ child_registration: { view: 1 } });
    const checked = checkPermissions(grid);
    expect(checked.ok && checked.blocks.child_registration).toEqual({ all: 0, create: 0, view: 1, edit: 0, delete: 0 });
  });
});

describe('user form', () => {
  const valid: UserValues = {
    name: 'Asha',
    email: 'asha@example.org',
    password: 'secret',
    status: '1',
    mobile_number: '9876543210',
    join_date: '',
    image: null,
    comment: 'New',
    centertypeId: '2',
    role_id: '4',
  };
  it.each([
    ['name', messages.userNameRequired],
    ['email', messages.emailRequired],
    ['password', messages.passwordRequired],
    ['status', 'The status field is required.'],
    ['mobile_number', messages.userPhoneRequired],
    ['comment', 'The comment field is required.'],
    ['centertypeId', 'The Center field is required.'],
    ['role_id', 'The Role field is required.'],
  ] as const)('add without %s → %s', (field, message) => {
    expect(checkUser({ ...valid, [field]: '' }, 'create')).toEqual({ ok: false, message });
  });

  it('checks the e-mail, the phone and the picture', () => {
    expect(checkUser({ ...valid, email: 'asha' }, 'create')).toEqual({ ok: false, message: messages.emailInvalid });
    expect(checkUser({ ...valid, mobile_number: '98765' }, 'create')).toEqual({
      ok: false,
      message: messages.phoneLength,
    });
    const pdf = new File(['x'], 'cv.pdf', { type: 'application/pdf' });
    expect(checkUser({ ...valid, image: pdf }, 'create')).toEqual({ ok: false, message: messages.imageType });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(checkUser({ ...valid, image: big }, 'create')).toEqual({ ok: false, message: messages.imageTooLarge });
    expect(checkUser({ ...valid, join_date: '2024-13-40' }, 'create')).toEqual({
      ok: false,
      message: messages.invalidDate,
    });
  });

  it('on update the password is not required and a blank one is left out', () => {
    const checked = checkUser({ ...valid, password: '' }, 'update');
    if (!checked.ok) throw new Error(checked.message);
    // The users entity shapes the call from the checked form (sync/entities/users.ts).
    const { fields } = userWrite(checked.input);
    expect('password' in fields).toBe(false);
    expect(fields).toMatchObject({ centerId: 2, centertypeId: 2 });
  });
});
