import { z } from 'zod';
import { idSchema, nameRefSchema, timestampsShape } from './common';

/** A meal record: meals provided in a day (meal_type 1 to 4) at a center on a date. */
export const mealSchema = z.object({
  id: idSchema,
  center_id: idSchema,
  meal_date: z.string(),
  child_count: z.number().int().nonnegative(),
  meal_type: z.number().int().min(1).max(4),
  center_data: nameRefSchema,
  ...timestampsShape,
});
export type Meal = z.infer<typeof mealSchema>;
