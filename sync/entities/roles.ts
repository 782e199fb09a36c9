import { adminList } from './admin-list';
import { roleFormSchema } from '../contract/forms';
import type { LocalOf } from './types';
import type { Role } from '../contract/entities/role';

/** A role as the device holds it. */
export type LocalRole = LocalOf<Role>;

/** Roles (spec part 1 section 2); Set Permission is its own call, POST /role_permission. */
export const roles = adminList('Role', 'roles', {
  add: 'roleAdd',
  update: 'roleUpdate',
  remove: 'roleDelete',
  list: 'roles',
  schema: roleFormSchema,
  extra: { permission: { endpoint: 'rolePermission', effect: 'update' } },
});
