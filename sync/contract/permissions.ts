import { z } from 'zod';

/**
 * Roles and permissions of spec part 1, section 6. Pure functions over the signed-in
 * user's role, shared by the UI (sidebar, buttons, route guards) and the server (which is
 * the authority). The route rules of part 2, section 2 are in route-access.ts, beside the
 * endpoint table they read.
 */

export const ADMIN_ROLES = ['superadmin', 'admin'] as const;
export const VIEWER_ROLE = 'viewer';
/** centerId of the all-center administration center. */
export const ALL_CENTERS_ID = 1;

export const permissionActions = ['all', 'create', 'view', 'edit', 'delete'] as const;
export type PermissionAction = (typeof permissionActions)[number];

/** Each module and the actions it carries. */
export const permissionModules = {
  child_tracking: ['all', 'create', 'view', 'edit', 'delete'],
  child_registration: ['all', 'create', 'view', 'edit', 'delete'],
  cwc: ['all', 'create', 'view', 'edit', 'delete'],
  meal_type: ['all', 'create', 'view', 'edit', 'delete'],
  exit_restore: ['view'],
  child_document: ['delete'],
  sps: ['delete'],
} as const satisfies Record<string, readonly PermissionAction[]>;
export type PermissionModule = keyof typeof permissionModules;
export const permissionModuleNames = Object.keys(permissionModules) as PermissionModule[];

const flag = z.union([z.literal(0), z.literal(1)]);
const block = z.object({
  all: flag.optional(),
  create: flag.optional(),
  view: flag.optional(),
  edit: flag.optional(),
  delete: flag.optional(),
});
export type PermissionBlock = z.infer<typeof block>;

/** Per-module permission blocks of a role; values are sent as 1 or 0. */
export const rolePermissionsSchema = z.object({
  child_tracking: block.optional(),
  child_registration: block.optional(),
  cwc: block.optional(),
  meal_type: block.optional(),
  exit_restore: block.optional(),
  child_document: block.optional(),
  sps: block.optional(),
});
export type RolePermissions = z.infer<typeof rolePermissionsSchema>;

/** The part of a user that permission checks read. */
export type Principal = {
  role: { name: string; permissions?: RolePermissions | null };
  centerId: number;
};

export const isAdministrator = (user: Principal): boolean =>
  (ADMIN_ROLES as readonly string[]).includes(user.role.name);

export const isViewer = (user: Principal): boolean => user.role.name === VIEWER_ROLE;

export const isAllCenterUser = (user: Principal): boolean => user.centerId === ALL_CENTERS_ID;

/** Modules whose default (no permissions stored) leaves view off. */
const viewOffByDefault: readonly PermissionModule[] = ['exit_restore', 'meal_type'];

/**
 * Whether `user` may do `action` on `module`. Administrators may do everything.
 * With no permissions stored the default is view only (view off for exit_restore and
 * meal_type). Otherwise the check passes for the action itself or for `all`.
 * exit_restore passes for its action or for the role named viewer.
 */
export function can(user: Principal, action: PermissionAction, module: PermissionModule): boolean {
  if (isAdministrator(user)) return true;
  if (module === 'exit_restore' && isViewer(user)) return true;
  const blockOf = user.role.permissions?.[module];
  if (!user.role.permissions || !blockOf) {
    return action === 'view' && !viewOffByDefault.includes(module);
  }
  return blockOf[action] === 1 || blockOf.all === 1;
}

/** Whether a user may read and write records of `centerId`. */
export const canReachCenter = (user: Principal, centerId: number | null | undefined): boolean =>
  isAllCenterUser(user) || centerId === user.centerId;

// Kept in a module without zod: the first load's route table reads them (sync/shell.ts).
export { exitRestoreRoutes, type ExitRestorePath } from './constants/exit-routes';

/** Plain names of the pulled collections, for telling a person what the device cannot read. */
export const collectionLabels: Record<string, string> = {
  children: 'children',
  documents: 'child documents',
  history: 'child history',
  activityLogs: 'activity log',
  cwcProduce: 'CWC produce records',
  cwcRefer: 'CWC refer records',
};
