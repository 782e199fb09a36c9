import { z } from 'zod';
import { messages } from '../messages';
import {
  permissionModuleNames,
  permissionModules,
  rolePermissionsSchema,
  type PermissionAction,
  type RolePermissions,
} from '../permissions';
import { optionalId, requiredId, requiredText } from '../rules/fields';

/** Add/Update Role (POST /role_add, /role_update): the name is stored lower-case. */
export const roleFormSchema = z.object({
  id: optionalId(),
  name: requiredText(messages.roleRequired).transform((v) => v.toLowerCase()),
});
export type RoleForm = z.output<typeof roleFormSchema>;

/** Whether any action of any module is checked (1). */
export function hasAnyPermission(permissions: RolePermissions): boolean {
  return permissionModuleNames.some((module) => {
    const actions: readonly PermissionAction[] = permissionModules[module];
    const block = permissions[module];
    return actions.some((action) => block?.[action] === 1);
  });
}

/**
 * Set Permission (POST /role_permission): the role id and one block of 1/0 per module.
 * With nothing checked: 'Please choose permission' (an info toast).
 */
export const rolePermissionRequestSchema = rolePermissionsSchema
  .extend({ id: requiredId('The id field is required.') })
  .superRefine((value, ctx) => {
    if (!hasAnyPermission(value)) ctx.addIssue({ code: 'custom', path: [], message: messages.choosePermission });
  });
export type RolePermissionRequest = z.output<typeof rolePermissionRequestSchema>;
