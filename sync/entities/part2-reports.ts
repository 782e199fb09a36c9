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
      create: { endpoint: 'addMeal', effect: 'create' },
      update: { endpoint: 'updateMeal' },
      delete: { endpoint: 'deleteMeal', effect: 'delete' },
    },
    view: { endpoint: 'getMealData' },
    list: { endpoint: 'getMealData' },
    refs: {},
    fileFields: [],
    pull: false,
  },
  previousBalances: {
    table: 'previousBalances',
    ops: {
      create: { endpoint: 'addPreviousBalance', effect: 'create' },
      update: { endpoint: 'updatePreviousBalance' },
    },
    view: { endpoint: 'getPreviousBalance' },
    list: { endpoint: 'getPreviousBalance' },
    refs: {},
    fileFields: [],
    pull: false,
  },
};
