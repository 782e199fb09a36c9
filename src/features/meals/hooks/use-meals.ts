import { useEffect } from 'react';
import { useLiveQuery } from '../../../lib/use-live-query';
import {
  can,
  deviceHoldsMeals,
  listMeals,
  paginate,
  type Pagination,
  mealFormSchema,
  messages,
  mutations,
  pullPart2Lists,
  type LocalMeal,
  type MealFilter,
  firstIssue,
} from '../../../../sync';
import { useOnline, useUser } from '../../../lib/use-store';
import { keyedRows, useDeviceHolds, useOnlineListPage } from '../../../lib/use-online-list';

export type { LocalMeal };
/** A refusal names the field it is about, when it is one (marked on the form). */
export type Outcome = { ok: true } | { ok: false; message: string; field?: string | null };

/** Pulls the meals onto the device when a meal screen opens online. */
export function usePullMeals() {
  const online = useOnline();
  useEffect(() => {
    if (online) void pullPart2Lists(['meals']);
  }, [online]);
}

export const useMealPage = (filter: Partial<MealFilter>, page: number) =>
  useLiveQuery(() => listMeals(filter, page), [JSON.stringify(filter), page], null);

/**
 * Our Services' page: the device's meals, or, when the device does not hold them, GET
 * /meal_list (getMealList, spec part 2 section 7) kept for offline with when it was fetched.
 */
export function useServicesPage(page: number): {
  rows: LocalMeal[];
  pagination: Pagination;
  fetchedAt?: number | null;
} | null {
  const held = useDeviceHolds(deviceHoldsMeals, 'meals');
  const fetched = useOnlineListPage<LocalMeal>(held === false ? { endpoint: 'getMealList', page } : null);
  const device = useMealPage({}, page);
  if (held === null) return null;
  if (held) return device;
  if (fetched === null) return null;
  if (fetched === 'failed') return { rows: [], pagination: paginate(0, 1), fetchedAt: null };
  return { ...fetched, rows: keyedRows(fetched.rows) as LocalMeal[] };
}

/** Add, edit and delete on meals follow the meal_type module (spec section 6). */
export function useMealPermissions() {
  const user = useUser();
  return {
    canCreate: can(user, 'create', 'meal_type'),
    canEdit: can(user, 'edit', 'meal_type'),
    canDelete: can(user, 'delete', 'meal_type'),
  };
}

export type MealValues = {
  center_id: string | null;
  meal_date: string | null;
  meal_type: string | null;
  child_count: string | number;
};

/** Add Meal or update the meal `cid` on the device, checked in the spec's order; the outbox sends it. */
export async function saveMeal(values: MealValues, cid?: string, id?: number): Promise<Outcome> {
  const parsed = mealFormSchema.safeParse({ ...values, id });
  if (!parsed.success) return { ok: false, ...firstIssue(parsed.error) };
  const { id: _id, ...fields } = parsed.data;
  const result = cid ? await mutations.meals.update(cid, fields) : await mutations.meals.create(fields);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

export async function deleteMeal(cid: string): Promise<Outcome> {
  const result = await mutations.meals.delete(cid);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}
