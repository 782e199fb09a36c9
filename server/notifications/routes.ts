import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { ALL_CENTERS_ID, canReachCenter, messages } from '../../sync/contract';
import { notifications } from '../db/schema';
import type { AppEnv } from '../core/context';
import { fail, idParam, ok } from '../core/http';
import { timeAgo } from './time-diff';

/**
 * GET /api/notify_list_count/:centerId → {record_count, timeDiff}: the unread
 * notifications of a center (all centers when the id is 1 and the user may see them),
 * and how long ago the newest arrived ('' when there is none).
 */
export function registerNotificationRoutes(api: Hono<AppEnv>) {
  api.get('/notify_list_count/:centerId', async (c) => {
    const user = c.get('user');
    const centerId = idParam(c.req.param('centerId'));
    if (centerId === null) return fail(c, 404, messages.notFound);
    if (!canReachCenter(user, centerId)) return fail(c, 403, messages.forbidden);
    const scope = centerId === ALL_CENTERS_ID ? undefined : eq(notifications.centerId, centerId);
    const [row] = await c
      .get('deps')
      .db.select({ n: sql<number>`count(*)::int`, newest: sql<Date | string | null>`max(${notifications.created_at})` })
      .from(notifications)
      .where(and(isNull(notifications.read_at), scope));
    const newest = row?.newest ? new Date(row.newest) : null;
    return ok(c, { record_count: row?.n ?? 0, timeDiff: newest ? timeAgo(newest) : '' });
  });
}
