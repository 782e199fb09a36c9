import { z } from 'zod';
import { messages } from '../messages';
import { inScreenOrder } from '../rules/screen-order';
import { childrenCount, optionalId, requiredId } from '../rules/fields';
import { requiredDate } from '../rules/date';
import { mealTypes } from '../constants/ui-lists';
import type { FieldSpecs } from './field-specs';

/**
 * Add/Edit Meal's fields as the form shows them (part 2 section 5: its messages name
 * 'Center Name', 'Meal Provided in a day', 'Children Count'); the review queue reads the same.
 * Meal types are the numbers 1 to 4, as the spec shows them.
 */
export const mealFields = {
  center_id: { label: 'Center Name', input: 'center' },
  meal_date: { label: 'Date', input: 'date' },
  meal_type: {
    label: 'Meal Provided in a day',
    input: 'choice',
    options: mealTypes.map((t) => ({ value: String(t.value), label: t.label })),
  },
  child_count: { label: 'Children Count', input: 'number' },
} as const satisfies FieldSpecs;

/**
 * Add/Edit Meal (addMeal / updateMeal). All required, checked in this order: center,
 * date, meals provided in a day (meal_type 1 to 4), children count (at most what a center
 * holds, MAX_CHILDREN_AT_A_CENTER).
 */
export const mealFormSchema = inScreenOrder(
  z.object({
    id: optionalId(),
    center_id: requiredId(messages.mealCenterRequired),
    meal_date: requiredDate(messages.mealDateRequired),
    meal_type: requiredId(messages.mealTypeRequired).pipe(z.number().max(4, messages.mealTypeRequired)),
    child_count: childrenCount(messages.childCountRequired, 'Children Count'),
  }),
);
export type MealForm = z.output<typeof mealFormSchema>;
