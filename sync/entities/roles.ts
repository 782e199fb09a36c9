import { adminList } from './admin-list';
import { roleFormSchema } from '../contract/forms';

/** Roles (spec part 1 section 2); Set Permission is its own call, POST /role_permission. */
export const roles = adminList('Role', 'roles', {
  add: 'roleAdd',
  update: 'roleUpdate',
  remove: 'roleDelete',
  list: 'roles',
  schema: roleFormSchema,
  extra: { permission: { endpoint: 'rolePermission', effect: 'update' } },
});
