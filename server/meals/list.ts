import type { Context } from 'hono';
import { mealFilterSchema } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { listed, readListQuery } from '../delta/delta';
import { readBody } from '../core/http';
import { invalid } from '../core/validation';
import { listMeals } from './records';

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((i) => ({ path: i.path.map(String).join('.') || 'body', message: i.message }));

/** POST /meals (getMealData): filter center_id, meal_type, from_date, to_date in the body; ?page or delta. */
export async function mealData(c: Context<AppEnv>) {
  const read = readListQuery(c.req.query());
  if ('error' in read) return invalid(c, [{ path: read.error.field, message: read.error.message }]);
  const filter = mealFilterSchema.safeParse(await readBody(c));
  if (!filter.success) return invalid(c, issuesOf(filter.error));
  return listed(c, await listMeals(c.get('deps').db, c.get('user'), filter.data, read.query));
}

/** GET /meal_list (getMealList): the read-only Our Services list, paged. */
export async function mealList(c: Context<AppEnv>) {
  const read = readListQuery(c.req.query());
  if ('error' in read) return invalid(c, [{ path: read.error.field, message: read.error.message }]);
  return listed(c, await listMeals(c.get('deps').db, c.get('user'), {}, read.query));
}
