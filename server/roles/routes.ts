import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Hono } from 'hono';
import {
  ADMIN_ROLES,
  VIEWER_ROLE,
  messages,
  permissionModuleNames,
  permissionModules,
  roleFormSchema,
  rolePermissionRequestSchema,
  type PermissionAction,
  type RolePermissions,
} from '../../sync/contract';
import { answerGuarded, type WriteVerdict } from '../admin/answers';
import { isInUse } from '../admin/in-use';
import { answerAdminList } from '../admin/list';
import { adminMessages } from '../admin/messages';
import { one, roleRecords } from '../admin/records';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { roles } from '../db/schema';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { fail, idParam, ok, readBody, bodyId } from '../core/http';
import { checkSchema, invalid, tooLongIssues } from '../core/validation';

/*
 * Roles and their permission blocks (spec part 1, sections 3, 5, 6, 7). Names are stored
 * lower-case (the contract's schema lowers them) and unique among live roles. The built-in
 * roles keep their names: `can()` recognises superadmin, admin and viewer by name, so a
 * rename would silently give or take every permission.
 */

const BUILT_IN: readonly string[] = [...ADMIN_ROLES, VIEWER_ROLE];

const lockRole = (tx: Db, id: number) =>
  tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), isNull(roles.deleted_at)))
    .for('update')
    .then((rows) => rows[0]);

const roleRecord = (db: Db, id: number) =>
  one(roleRecords(db, and(eq(roles.id, id), isNull(roles.deleted_at)), { orderBy: [] }));

async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(isNull(roles.deleted_at), eq(roles.name, name), exceptId ? ne(roles.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Only the actions each module has, as 1 or 0 (section 6: values are sent as 1 or 0). */
function normalisePermissions(input: RolePermissions): RolePermissions {
  const result: Record<string, Partial<Record<PermissionAction, 0 | 1>>> = {};
  for (const module of permissionModuleNames) {
    const actions: readonly PermissionAction[] = permissionModules[module];
    result[module] = Object.fromEntries(actions.map((a) => [a, input[module]?.[a] === 1 ? 1 : 0]));
  }
  return result as RolePermissions;
}

const idOf = bodyId;

export function registerAdminRoleRoutes(api: Hono<AppEnv>) {
  api.get('/roles', (c) =>
    answerAdminList(c, {
      table: roles,
      newestFirst: true,
      rows: (db, where, orderBy, limit, offset) => roleRecords(db, where, { orderBy, limit, offset }),
    }),
  );

  api.post('/role_add', async (c) => {
    const body = await readBody(c);
    const checked = checkSchema(roleFormSchema, body, tooLongIssues({ name: body.name }));
    if (!checked.ok) return invalid(c, checked.issues);
    // Only the name (spec section 7): permissions are set with /role_permission.
    const { db } = c.get('deps');
    if (await nameTaken(db, checked.data.name)) return invalid(c, [{ path: 'name', message: adminMessages.roleTaken }]);
    const [row] = await db
      .insert(roles)
      .values({ name: checked.data.name, permissions: null })
      .returning({ id: roles.id });
    return ok(c, await roleRecord(db, row.id), { message: adminMessages.roleAdded });
  });

  api.post('/role_update', async (c) => {
    const body = await readBody(c);
    const id = idOf(body.id);
    if (id === null) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
    const checked = checkSchema(roleFormSchema, { name: body.name }, tooLongIssues({ name: body.name }));
    if (!checked.ok) return invalid(c, checked.issues);
    // Only the name (spec section 7): permission blocks sent here are ignored; /role_permission sets them.
    const { db } = c.get('deps');
    const outcome = await guardedWrite(
      db,
      readIfMatch(c.req.header('if-match')),
      (tx) => lockRole(tx, id),
      async (tx, row): Promise<WriteVerdict<null>> => {
        if (row.name === checked.data.name) return { done: null };
        if (BUILT_IN.includes(row.name) || BUILT_IN.includes(checked.data.name))
          return { refused: adminMessages.builtInRole };
        if (await nameTaken(tx, checked.data.name, row.id))
          return { issues: [{ path: 'name', message: adminMessages.roleTaken }] };
        await tx
          .update(roles)
          .set({ name: checked.data.name, updated_at: nextUpdatedAt(roles.updated_at) })
          .where(eq(roles.id, row.id));
        return { done: null };
      },
    );
    return answerGuarded(
      c,
      outcome,
      () => roleRecord(db, id),
      async () => ok(c, await roleRecord(db, id), { message: adminMessages.roleUpdated }),
    );
  });

  api.delete('/role_delete/:id', async (c) => {
    const id = idParam(c.req.param('id'));
    if (id === null) return fail(c, 404, messages.notFound);
    const { db } = c.get('deps');
    const outcome = await guardedWrite(
      db,
      readIfMatch(c.req.header('if-match')),
      (tx) => lockRole(tx, id),
      async (tx, row): Promise<WriteVerdict<null>> => {
        if (BUILT_IN.includes(row.name)) return { refused: adminMessages.builtInRole };
        if (await isInUse(tx, 'roles', row.id)) return { refused: adminMessages.roleInUse };
        // Names are unique in the table, tombstones included: the old name is freed for a new role.
        await tx
          .update(roles)
          .set({
            name: `${row.name}#deleted-${row.id}`,
            deleted_at: nextUpdatedAt(roles.updated_at),
            updated_at: nextUpdatedAt(roles.updated_at),
          })
          .where(eq(roles.id, row.id));
        return { done: null };
      },
    );
    return answerGuarded(
      c,
      outcome,
      () => roleRecord(db, id),
      () => c.json({ success: true, message: messages.roleDeleted }),
    );
  });

  api.post('/role_permission', async (c) => {
    const body = await readBody(c);
    const checked = checkSchema(rolePermissionRequestSchema, body);
    if (!checked.ok) return invalid(c, checked.issues);
    const { id, ...blocks } = checked.data;
    const { db } = c.get('deps');
    const outcome = await guardedWrite(
      db,
      readIfMatch(c.req.header('if-match')),
      (tx) => lockRole(tx, id),
      async (tx, row): Promise<WriteVerdict<null>> => {
        await tx
          .update(roles)
          .set({ permissions: normalisePermissions(blocks), updated_at: nextUpdatedAt(roles.updated_at) })
          .where(eq(roles.id, row.id));
        return { done: null };
      },
    );
    return answerGuarded(
      c,
      outcome,
      () => roleRecord(db, id),
      async () => ok(c, await roleRecord(db, id), { message: messages.permissionsUpdated }),
    );
  });
}
