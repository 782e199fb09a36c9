import { adminList } from './admin-list';

/**
 * Users (spec part 1 section 2): created through /register, with a photo. Its form's
 * schema depends on the operation (userFormSchemaFor), so its writes take any fields.
 */
export const users = adminList('User', 'users', {
  add: 'register',
  update: 'userUpdate',
  remove: 'userDelete',
  list: 'users',

  fileFields: ['image'],
});
