import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { mealCenters } from './centers';
import { mealData, mealList } from './list';
import { addMeal, deleteMeal, updateMeal } from './save';

/** Meals: Our Services and Meal Management (spec part 2 sections 2, 3, 5, 7). */
export function registerMealRoutes(api: Hono<AppEnv>) {
  api.get('/meal_list', mealList);
  api.post('/meals', mealData);
  api.post('/meal_add', addMeal);
  api.post('/meal_update', updateMeal);
  api.delete('/meal_delete/:id', deleteMeal);
  api.get('/meal_centers', mealCenters);
}
