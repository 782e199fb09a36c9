import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { isAllCenterUser } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { centers } from '../db/schema';
import { ok } from '../core/http';

/** GET /meal_centers (getMealCenters): the centers a user may record meals for, {id, name}. */
export async function mealCenters(c: Context<AppEnv>) {
  const user = c.get('user');
  const rows = await c
    .get('deps')
    .db.select({ id: centers.id, name: centers.name })
    .from(centers)
    .where(and(isNull(centers.deleted_at), isAllCenterUser(user) ? undefined : eq(centers.id, user.centerId)))
    .orderBy(asc(centers.name));
  return ok(c, rows);
}
