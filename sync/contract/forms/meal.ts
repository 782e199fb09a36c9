import { z } from 'zod';
import { messages } from '../messages';
import { inScreenOrder } from '../rules/screen-order';
import { childrenCount, optionalId, requiredId } from '../rules/fields';
import { requiredDate } from '../rules/date';

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
