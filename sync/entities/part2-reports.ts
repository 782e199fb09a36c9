import type { EntityDescriptor } from './registry';

/*
 * Sync descriptors of meals and previous balances (part 2 section 7); spread into
 * `entities`. Their lists need the meal_type module or an administrator/viewer role, so
 * the app's sync leaves them out for everyone and their screens pull them when they
 * open (`pullPart2Lists`, queries/part2-lists.ts), like the administration lists.
 */

export const part2ReportEntities: Record<string, EntityDescriptor> = {
  meals: {
    table: 'meals',
    ops: {
      create: { method: 'POST', path: '/meal_add', kind: 'json', effect: 'create' },
      update: { method: 'POST', path: '/meal_update', kind: 'json' },
      delete: { method: 'DELETE', path: '/meal_delete/:id', kind: 'none', effect: 'delete' },
    },
    view: { method: 'POST', path: '/meals', kind: 'json' },
    list: { method: 'POST', path: '/meals', kind: 'json' },
    refs: {},
    fileFields: [],
    pull: false,
  },
  previousBalances: {
    table: 'previousBalances',
    ops: {
      create: { method: 'POST', path: '/previous_balance_add', kind: 'json', effect: 'create' },
      update: { method: 'POST', path: '/previous_balance_update', kind: 'json' },
    },
    view: { method: 'POST', path: '/previous_balance', kind: 'json' },
    list: { method: 'POST', path: '/previous_balance', kind: 'json' },
    refs: {},
    fileFields: [],
    pull: false,
  },
};
