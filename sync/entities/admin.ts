import type { Call, EntityDescriptor } from './types';
import type { WireEndpointName } from '../contract/endpoints';
import type { EntityTable } from '../db/app-db';

/*
 * Sync descriptors of centers, tags, roles and users (spec part 1, sections 2 and 7);
 * spread into `entities`. Their lists are for administrators only (the server answers
 * 403 to anyone else), so the app's sync, which pulls the same collections for every
 * user, leaves them out (`pull: false`); the administration screens pull them
 * (`pullAdminLists`, queries/admin). The center status toggle is its own call,
 * POST /center_status/{id}/{status}, and Set Permission is POST /role_permission.
 */

/** An admin-only list with add, update and delete calls of the spec's naming. */
function adminList(
  table: EntityTable,
  calls: {
    add: WireEndpointName;
    update: WireEndpointName;
    remove: WireEndpointName;
    list: WireEndpointName;
    extra?: Record<string, Call>;
    fileFields?: string[];
  },
): EntityDescriptor {
  const read: Call = { endpoint: calls.list };
  return {
    table,
    ops: {
      create: { endpoint: calls.add, effect: 'create' },
      update: { endpoint: calls.update },
      ...calls.extra,
      delete: { endpoint: calls.remove, effect: 'delete' },
    },
    view: read,
    list: read,
    refs: {},
    fileFields: calls.fileFields ?? [],
    pull: false,
  };
}

export const adminEntities: Record<string, EntityDescriptor> = {
  centers: adminList('centers', {
    add: 'centerAdd',
    update: 'centerUpdate',
    remove: 'centerDelete',
    list: 'centers',
    // The toggle: `status` of the entry fills the path; the record's id the other parameter.
    extra: { status: { endpoint: 'centerStatus', effect: 'update' } },
  }),
  tags: adminList('tags', { add: 'tagAdd', update: 'tagUpdate', remove: 'tagDelete', list: 'tags' }),
  roles: adminList('roles', {
    add: 'roleAdd',
    update: 'roleUpdate',
    remove: 'roleDelete',
    list: 'roles',
    extra: { permission: { endpoint: 'rolePermission', effect: 'update' } },
  }),
  users: adminList('users', {
    add: 'register',
    update: 'userUpdate',
    remove: 'userDelete',
    list: 'users',
    fileFields: ['image'],
  }),
};
