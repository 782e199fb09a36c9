import type { EntityDescriptor } from './registry';

/*
 * Sync descriptors of meals and previous balances (part 2 section 7); spread into
 * `entities`. The sync pulls them for the roles that may read their lists (the meal_type
 * module; an administrator or viewer for balances: canReadCollection), so the device's
 * reports count the previous balances and the dashboard's meals trend has its meals
 * without their screens opened first; the screens still pull them when they open
 * (`pullPart2Lists`, queries/part2-lists.ts).
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
  },
};
