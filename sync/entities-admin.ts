import type { Call, EntityDescriptor } from './entities';
import type { EntityTable } from './db/app-db';

/*
 * Sync descriptors of centers, tags, roles and users (spec part 1 sections 2 and 6); spread into `entities`.
 * Their lists are for administrators only (the server answers 403 to anyone else), so the
 * app's sync, which pulls the same collections for every user, leaves them out
 * (`pull: false`); the administration screens pull them (`pullAdminLists`, queries/admin).
 * The center status toggle goes through center_update: the outbox fills only `:id` of a
 * path, and center_update takes the status with the same checks as center_status.
 */

/** An admin-only list with add, update and delete calls of the spec's naming. */
function adminList(
  table: EntityTable,
  calls: { add: string; update: string; remove: string; list: string; kind?: Call['kind']; extra?: Record<string, Call>; fileFields?: string[] },
): EntityDescriptor {
  const kind = calls.kind ?? 'json';
  const read: Call = { method: 'GET', path: calls.list, kind: 'none' };
  return {
    table,
    ops: {
      create: { method: 'POST', path: calls.add, kind, effect: 'create' },
      update: { method: 'POST', path: calls.update, kind },
      ...calls.extra,
      delete: { method: 'DELETE', path: calls.remove, kind: 'none', effect: 'delete' },
    },
    view: read,
    list: read,
    refs: {},
    fileFields: calls.fileFields ?? [],
    pull: false,
  };
}

export const adminEntities: Record<string, EntityDescriptor> = {
  centers: adminList('centers', { add: '/center_add', update: '/center_update', remove: '/center_delete/:id', list: '/centers' }),
  tags: adminList('tags', { add: '/tag_add', update: '/tag_update', remove: '/tag_delete/:id', list: '/tags' }),
  roles: adminList('roles', {
    add: '/role_add',
    update: '/role_update',
    remove: '/role_delete/:id',
    list: '/roles',
    extra: { permission: { method: 'POST', path: '/role_permission', kind: 'json', effect: 'update' } },
  }),
  users: adminList('users', { add: '/register', update: '/user_update', remove: '/user_delete/:id', list: '/users', kind: 'multipart', fileFields: ['image'] }),
};
