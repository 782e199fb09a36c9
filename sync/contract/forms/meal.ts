import { z } from 'zod';
import { messages } from '../messages';
import { inScreenOrder } from '../rules/screen-order';
import { optionalId, requiredCount, requiredId } from '../rules/fields';
import { requiredDate } from '../rules/date';

/**
 * Add/Edit Meal (addMeal / updateMeal). All required, checked in this order: center,
 * date, meals provided in a day (meal_type 1 to 4), children count.
 */
export const mealFormSchema = inScreenOrder(
  z.object({
    id: optionalId(),
    center_id: requiredId(messages.mealCenterRequired),
    meal_date: requiredDate(messages.mealDateRequired),
    meal_type: requiredId(messages.mealTypeRequired).pipe(z.number().max(4, messages.mealTypeRequired)),
    child_count: requiredCount(messages.childCountRequired),
  }),
);
export type MealForm = z.output<typeof mealFormSchema>;
