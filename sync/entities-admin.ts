import type { EntityDescriptor } from './entities';

/*
 * Sync descriptors of centers, tags, roles and users (issue 6); spread into `entities`.
 * Their lists are for administrators only (the server answers 403 to anyone else), so the
 * app's sync, which pulls the same collections for every user, leaves them out
 * (`pull: false`); the administration screens pull them (`pullAdminLists`, queries/admin).
 * The center status toggle goes through center_update: the outbox fills only `:id` of a
 * path, and center_update takes the status with the same checks as center_status.
 */
export const adminEntities: Record<string, EntityDescriptor> = {
  centers: {
    table: 'centers',
    ops: {
      create: { method: 'POST', path: '/center_add', kind: 'json', effect: 'create' },
      update: { method: 'POST', path: '/center_update', kind: 'json' },
      delete: { method: 'DELETE', path: '/center_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: { method: 'GET', path: '/centers', kind: 'none' },
    list: { method: 'GET', path: '/centers', kind: 'none' },
    refs: {},
    fileFields: [],
    pull: false,
  },
  tags: {
    table: 'tags',
    ops: {
      create: { method: 'POST', path: '/tag_add', kind: 'json', effect: 'create' },
      update: { method: 'POST', path: '/tag_update', kind: 'json' },
      delete: { method: 'DELETE', path: '/tag_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: { method: 'GET', path: '/tags', kind: 'none' },
    list: { method: 'GET', path: '/tags', kind: 'none' },
    refs: {},
    fileFields: [],
    pull: false,
  },
  roles: {
    table: 'roles',
    ops: {
      create: { method: 'POST', path: '/role_add', kind: 'json', effect: 'create' },
      update: { method: 'POST', path: '/role_update', kind: 'json' },
      permission: { method: 'POST', path: '/role_permission', kind: 'json', effect: 'update' },
      delete: { method: 'DELETE', path: '/role_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: { method: 'GET', path: '/roles', kind: 'none' },
    list: { method: 'GET', path: '/roles', kind: 'none' },
    refs: {},
    fileFields: [],
    pull: false,
  },
  users: {
    table: 'users',
    ops: {
      create: { method: 'POST', path: '/register', kind: 'multipart', effect: 'create' },
      update: { method: 'POST', path: '/user_update', kind: 'multipart' },
      delete: { method: 'DELETE', path: '/user_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: { method: 'GET', path: '/users', kind: 'none' },
    list: { method: 'GET', path: '/users', kind: 'none' },
    refs: {},
    fileFields: ['image'],
    pull: false,
  },
};
