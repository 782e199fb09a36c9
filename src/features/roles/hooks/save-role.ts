import {
  messages,
  mutations,
  permissionModuleNames,
  permissionModules,
  roleFormSchema,
  rolePermissionRequestSchema,
  type PermissionAction,
  type RolePermissions,
  firstIssueMessage,
  roleHolders,
} from '../../../../sync';
import { textOf } from '../../../lib/i18n';

export type Outcome = { ok: true } | { ok: false; message: string; info?: boolean };

/** 'User role is required.' or the name, lower-cased as the server stores it. */
export function checkRole(values: { name: string }) {
  const parsed = roleFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false as const, message: firstIssueMessage(parsed.error) };
  return { ok: true as const, fields: { name: parsed.data.name } };
}

export async function saveRole(values: { name: string }, cid?: string): Promise<Outcome> {
  const checked = checkRole(values);
  if (!checked.ok) return checked;
  const result = cid ? await mutations.roles.update(cid, checked.fields) : await mutations.roles.create(checked.fields);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

export async function deleteRole(cid: string): Promise<Outcome> {
  const result = await mutations.roles.delete(cid);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}

/** Every module with every action of section 6 as 1 or 0, from what a role stores. */
export function permissionGrid(stored: RolePermissions | null | undefined): RolePermissions {
  const grid: Record<string, Partial<Record<PermissionAction, 0 | 1>>> = {};
  for (const module of permissionModuleNames) {
    const actions: readonly PermissionAction[] = permissionModules[module];
    grid[module] = Object.fromEntries(actions.map((a) => [a, stored?.[module]?.[a] === 1 ? 1 : 0]));
  }
  return grid as RolePermissions;
}

/** 'Please choose permission' (shown as an info toast) when nothing is checked, or the blocks. */
export function checkPermissions(grid: RolePermissions) {
  // The id is the server's to check; any id passes here.
  const parsed = rolePermissionRequestSchema.safeParse({ id: 1, ...grid });
  if (!parsed.success) {
    const message = firstIssueMessage(parsed.error);
    return { ok: false as const, message, info: message === messages.choosePermission };
  }
  const { id: _id, ...blocks } = parsed.data;
  return { ok: true as const, blocks };
}

/**
 * Set Permission: saved on the device (the role's blocks change at once) and queued as
 * POST /role_permission with the role's id and one block per module (spec section 7).
 */
export async function savePermissions(cid: string, grid: RolePermissions): Promise<Outcome> {
  const checked = checkPermissions(grid);
  if (!checked.ok) return checked;
  const result = await mutations.roles.permission(cid, {
    ...checked.blocks,
    permissions: checked.blocks,
  });
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

/** Why a role cannot be deleted yet: users still hold it (the server would refuse, part 1 section 6). */
export async function roleDeleteRefusal(role: { id?: unknown; name?: unknown }): Promise<string | null> {
  if (typeof role.id !== 'number') return null;
  const holders = await roleHolders(role.id);
  if (!holders) return null;
  return textOf(holders === 1 ? 'admin.roles.inUse_one' : 'admin.roles.inUse_other', {
    name: String(role.name ?? ''),
    count: holders,
  });
}
