import type { EntityDescriptor } from './registry';

/*
 * Sync descriptors of the part 2 lists; spread into `entities`. Schemes are listed by
 * administrators only (GET /sps answers 403 to anyone else), so the app's sync leaves
 * them out and SPS Management pulls them when it opens (`pullSchemes`); there is no
 * scheme delete call (status 0 retires one).
 *
 * Notifications are pulled for every user from notifyList with the user's center
 * (`:centerId`, filled by the pull); Mark As Read is an update through the outbox, sent
 * as notifyUpdate: the row is marked `read` at once (the list hides it, offline too) and
 * the next delta pull, which lists it as deleted, removes it.
 */

const read = (path: string) => ({ method: 'GET', path, kind: 'none' }) as const;

export const part2ListEntities: Record<string, EntityDescriptor> = {
  schemes: {
    table: 'schemes',
    ops: {
      create: { method: 'POST', path: '/sps_add', kind: 'json', effect: 'create' },
      update: { method: 'POST', path: '/sps_update', kind: 'json' },
    },
    view: read('/sps'),
    list: read('/sps'),
    refs: {},
    fileFields: [],
    pull: false,
  },
  // Non-registered beneficiaries of /education, /medical and /mhp (ours, see the endpoint table).
  beneficiaries: {
    table: 'beneficiaries',
    ops: {
      create: { method: 'POST', path: '/beneficiary_add', kind: 'json', effect: 'create' },
      update: { method: 'POST', path: '/beneficiary_update', kind: 'json' },
      delete: { method: 'DELETE', path: '/beneficiary_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: read('/beneficiaries'),
    list: read('/beneficiaries'),
    refs: {},
    fileFields: [],
  },
  notifications: {
    table: 'notifications',
    ops: { update: { method: 'POST', path: '/notify_update/:id', kind: 'none' } },
    view: read('/notify_list/:centerId'),
    list: read('/notify_list/:centerId'),
    refs: {},
    fileFields: [],
  },
};
