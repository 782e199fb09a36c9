import type { EntityDescriptor, LocalOf } from './types';
import { mealFields, mealFormSchema } from '../contract/forms';
import type { Meal } from '../contract/entities/meal';

/** A meal as the device holds it. */
export type LocalMeal = LocalOf<Meal>;

/*
 * Meals (spec part 2 section 7). The sync pulls them for the roles that may read their
 * list (the meal_type module: canReadCollection), so the dashboard's meals trend has its
 * meals without the screen opened first; the screen still pulls them when it opens
 * (`pullPart2Lists`, queries/part2-lists.ts).
 */
export const meals = {
  label: 'Meal',
  schema: mealFormSchema,
  fields: mealFields,
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
} satisfies EntityDescriptor;
