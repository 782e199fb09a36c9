import type { EntityDescriptor } from './entities';

/*
 * Sync descriptors of the part 2 lists; spread into `entities`. Schemes are listed by
 * administrators only (GET /sps answers 403 to anyone else), so the app's sync leaves
 * them out and SPS Management pulls them when it opens (`pullSchemes`); there is no
 * scheme delete call (status 0 retires one).
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
};
