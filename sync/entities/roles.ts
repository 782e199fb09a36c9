import { adminList } from './admin-list';

/** Roles (spec part 1 section 2); Set Permission is its own call, POST /role_permission. */
export const roles = adminList('Role', 'roles', {
  add: 'roleAdd',
  update: 'roleUpdate',
  remove: 'roleDelete',
  list: 'roles',
  extra: { permission: { endpoint: 'rolePermission', effect: 'update' } },
});
