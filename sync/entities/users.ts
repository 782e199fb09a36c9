import { adminList } from './admin-list';

/** Users (spec part 1 section 2): created through /register, with a photo. */
export const users = adminList('User', 'users', {
  add: 'register',
  update: 'userUpdate',
  remove: 'userDelete',
  list: 'users',
  fileFields: ['image'],
});
