import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import { isAllCenterUser } from '../../sync/contract';
import { centers, centerTypes } from '../db/schema';
import type { AppEnv } from '../core/context';
import { ok } from '../core/http';

/** GET /api/centers_list and /api/centers_points (the center-picker lookups). */
export function registerCenterRoutes(api: Hono<AppEnv>) {
  // A center-bound user only ever sees its own center (DESIGN.md, Server).
  api.get('/centers_list', async (c) => {
    const user = c.get('user');
    const rows = await c
      .get('deps')
      .db.select({ id: centers.id, name: centers.name })
      .from(centers)
      .where(and(isNull(centers.deleted_at), isAllCenterUser(user) ? undefined : eq(centers.id, user.centerId)))
      .orderBy(asc(centers.id));
    return ok(c, rows);
  });

  api.get('/centers_points', async (c) => {
    const rows = await c
      .get('deps')
      .db.select({ centertypeId: centerTypes.centertypeId, centername: centerTypes.centername })
      .from(centerTypes)
      .orderBy(asc(centerTypes.centertypeId));
    return ok(c, rows);
  });
}
