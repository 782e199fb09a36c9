import { adminList } from './admin-list';
import type { UserCreateForm, UserUpdateForm } from '../contract/forms/user';
import type { Fields } from '../engine/reconcile';
import type { LocalOf } from './types';
import type { User } from '../contract/entities/user';

/** A user as the device holds it. */
export type LocalUser = LocalOf<User>;

/** The user form's checked values (userFormSchemaFor), the id of an update left out. */
export type UserInput = Omit<UserCreateForm, 'password'> & { password?: string | null; id?: UserUpdateForm['id'] };

/**
 * The checked form as the call's fields (part 1 section 7, /register and /user_update,
 * multipart): the form's Center travels as `centertypeId`, as the spec names the field, and
 * as `centerId`, the user's center the answers and the device's lists read; a blank
 * password (an update keeping the old one) is left out; a new photo goes as the file.
 */
export function userWrite(input: UserInput): { fields: Fields; files?: Record<string, Blob> } {
  const { image, password, id: _id, ...rest } = input;
  return {
    fields: {
      ...rest,
      join_date: rest.join_date ?? null,
      centerId: rest.centertypeId,
      ...(password ? { password } : {}),
    },
    files: image instanceof Blob ? { image } : undefined,
  };
}

/**
 * Users (spec part 1 section 2): created through /register, with a photo. Screens hand
 * over the checked form (`userWrite` shapes the call).
 */
export const users = adminList('User', 'users', {
  add: 'register',
  update: 'userUpdate',
  remove: 'userDelete',
  list: 'users',
  fileFields: ['image'],
  toWrite: userWrite,
});
