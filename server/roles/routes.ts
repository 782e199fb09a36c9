import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { addRole, deleteRole, listRoles, setRolePermissions, updateRole } from './save';

/** Roles and their permission blocks (spec part 1, sections 3, 5, 6, 7). */
export function registerRoleRoutes(api: Hono<AppEnv>) {
  api.get('/roles', listRoles);
  api.post('/role_add', addRole);
  api.post('/role_update', updateRole);
  api.delete('/role_delete/:id', deleteRole);
  api.post('/role_permission', setRolePermissions);
}
