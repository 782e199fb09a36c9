import { and, eq, getTableColumns, isNull, ne, type SQL } from 'drizzle-orm';
import {
  ADMIN_ROLES,
  VIEWER_ROLE,
  permissionModuleNames,
  permissionModules,
  type PermissionAction,
  type RolePermissions,
} from '../../sync/contract';
import { one, paged, stamps, type Page } from '../admin/records';
import type { Db } from '../db/client';
import { roles } from '../db/schema';
import type { ListedRow } from '../delta/delta';

/** Roles as every call answers them (server/admin/records.ts), and the row a write locks. */

const { deleted_at: _deleted, ...roleColumns } = getTableColumns(roles);

/**
 * The built-in roles keep their names: `can()` recognises superadmin, admin and viewer by
 * name, so a rename would silently give or take every permission.
 */
export const BUILT_IN: readonly string[] = [...ADMIN_ROLES, VIEWER_ROLE];

export async function roleRecords(db: Db, where: SQL | undefined, page: Page): Promise<ListedRow[]> {
  return (await paged(db.select(roleColumns).from(roles).where(where).$dynamic(), page)).map(stamps);
}

export const roleRecord = (db: Db, id: number) =>
  one(roleRecords(db, and(eq(roles.id, id), isNull(roles.deleted_at)), { orderBy: [] }));

export const lockRole = (tx: Db, id: number) =>
  tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), isNull(roles.deleted_at)))
    .for('update')
    .then((rows) => rows[0]);

/** Names are stored lower-case (the contract's schema lowers them) and unique among live roles. */
export async function roleNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(isNull(roles.deleted_at), eq(roles.name, name), exceptId ? ne(roles.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Only the actions each module has, as 1 or 0 (section 6: values are sent as 1 or 0). */
export function normalisePermissions(input: RolePermissions): RolePermissions {
  const result: Record<string, Partial<Record<PermissionAction, 0 | 1>>> = {};
  for (const module of permissionModuleNames) {
    const actions: readonly PermissionAction[] = permissionModules[module];
    result[module] = Object.fromEntries(actions.map((a) => [a, input[module]?.[a] === 1 ? 1 : 0]));
  }
  return result as RolePermissions;
}
