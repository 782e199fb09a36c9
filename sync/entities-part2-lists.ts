import type { EntityDescriptor } from './entities';

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
  notifications: {
    table: 'notifications',
    ops: { update: { method: 'POST', path: '/notify_update/:id', kind: 'none' } },
    view: read('/notify_list/:centerId'),
    list: read('/notify_list/:centerId'),
    refs: {},
    fileFields: [],
  },
};
