import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { messages, roleFormSchema, rolePermissionRequestSchema } from '../../sync/contract';
import { guardedAnswer } from '../admin/answers';
import { isInUse } from '../admin/in-use';
import { answerAdminList } from '../admin/list';
import { adminMessages } from '../admin/messages';
import type { AppEnv } from '../core/context';
import { fail, idParam, ok, readBody, bodyId } from '../core/http';
import { checkSchema, invalid, tooLongIssues } from '../core/validation';
import { roles } from '../db/schema';
import { nextUpdatedAt } from '../delta/timestamps';
import { BUILT_IN, lockRole, normalisePermissions, roleNameTaken, roleRecord, roleRecords } from './records';

/** GET /roles: the administration list, or delta pages (R15). */
export const listRoles = (c: Context<AppEnv>) =>
  answerAdminList(c, {
    table: roles,
    newestFirst: true,
    rows: (db, where, orderBy, limit, offset) => roleRecords(db, where, { orderBy, limit, offset }),
  });

/** POST /role_add: only the name (spec section 7); permissions are set with /role_permission. */
export async function addRole(c: Context<AppEnv>) {
  const body = await readBody(c);
  const checked = checkSchema(roleFormSchema, body, tooLongIssues({ name: body.name }));
  if (!checked.ok) return invalid(c, checked.issues);
  const { db } = c.get('deps');
  if (await roleNameTaken(db, checked.data.name))
    return invalid(c, [{ path: 'name', message: adminMessages.roleTaken }]);
  const [row] = await db
    .insert(roles)
    .values({ name: checked.data.name, permissions: null })
    .returning({ id: roles.id });
  return ok(c, await roleRecord(db, row.id), { message: adminMessages.roleAdded });
}

/**
 * POST /role_update: only the name (spec section 7); permission blocks sent here are
 * ignored, /role_permission sets them. R11.
 */
export async function updateRole(c: Context<AppEnv>) {
  const body = await readBody(c);
  const id = bodyId(body.id);
  if (id === null) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
  const checked = checkSchema(roleFormSchema, { name: body.name }, tooLongIssues({ name: body.name }));
  if (!checked.ok) return invalid(c, checked.issues);
  const { db } = c.get('deps');
  return guardedAnswer(c, {
    lock: (tx) => lockRole(tx, id),
    write: async (tx, row) => {
      if (row.name === checked.data.name) return { done: null };
      if (BUILT_IN.includes(row.name) || BUILT_IN.includes(checked.data.name))
        return { refused: adminMessages.builtInRole };
      if (await roleNameTaken(tx, checked.data.name, row.id))
        return { issues: [{ path: 'name', message: adminMessages.roleTaken }] };
      await tx
        .update(roles)
        .set({ name: checked.data.name, updated_at: nextUpdatedAt(roles.updated_at) })
        .where(eq(roles.id, row.id));
      return { done: null };
    },
    current: () => roleRecord(db, id),
    onDone: async () => ok(c, await roleRecord(db, id), { message: adminMessages.roleUpdated }),
  });
}

/** DELETE /role_delete/{id}: never a built-in role, nor one still given to users (section 6). */
export async function deleteRole(c: Context<AppEnv>) {
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  return guardedAnswer(c, {
    lock: (tx) => lockRole(tx, id),
    write: async (tx, row) => {
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
    current: () => roleRecord(db, id),
    onDone: () => c.json({ success: true, message: messages.roleDeleted }),
  });
}

/** POST /role_permission: the role's permission blocks (section 6), R11. */
export async function setRolePermissions(c: Context<AppEnv>) {
  const body = await readBody(c);
  const checked = checkSchema(rolePermissionRequestSchema, body);
  if (!checked.ok) return invalid(c, checked.issues);
  const { id, ...blocks } = checked.data;
  const { db } = c.get('deps');
  return guardedAnswer(c, {
    lock: (tx) => lockRole(tx, id),
    write: async (tx, row) => {
      await tx
        .update(roles)
        .set({ permissions: normalisePermissions(blocks), updated_at: nextUpdatedAt(roles.updated_at) })
        .where(eq(roles.id, row.id));
      return { done: null };
    },
    current: () => roleRecord(db, id),
    onDone: async () => ok(c, await roleRecord(db, id), { message: messages.permissionsUpdated }),
  });
}
