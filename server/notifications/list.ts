import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { ALL_CENTERS_ID, canReachCenter, messages } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { children, notifications } from '../db/schema';
import { listed, readListQuery, runList, type ListSource } from '../delta/delta';
import { fail, idParam, ok } from '../core/http';
import { timeAgo } from './time-diff';
import { invalid } from '../core/validation';
import { movedSince, notificationRecords, notificationScope } from './records';

/**
 * The reader's own notifications of a center (each reader has its own rows). Center 1
 * (ALL_CENTERS_ID) means every center; a center-bound reader may ask only for its own
 * center (403 otherwise, DESIGN: Server).
 */
function readerScope(c: Context<AppEnv>): SQL | 'missing' | 'forbidden' {
  const user = c.get('user');
  const asked = idParam(c.req.param('centerId'));
  if (asked === null) return 'missing';
  if (!canReachCenter(user, asked)) return 'forbidden';
  return and(
    eq(notifications.recipient_id, user.id),
    asked === ALL_CENTERS_ID ? undefined : eq(notifications.centerId, asked),
  )!;
}

const refuse = (c: Context<AppEnv>, scope: 'missing' | 'forbidden') =>
  scope === 'missing' ? fail(c, 404, messages.notFound) : fail(c, 403, messages.forbidden);

/**
 * GET /notify_list/{centerId} (notifyList): the reader's unread notifications, newest
 * first, in Laravel pages; with `updated_since` the delta pages the device pulls, whose
 * `deleted` lists the ones marked read since (they leave the list) and, for a center-bound
 * reader, those whose child moved to another center since (R20).
 */
export async function listNotifications(c: Context<AppEnv>) {
  const own = readerScope(c);
  if (typeof own === 'string') return refuse(c, own);
  // Only those about children at the reader's center now (R20); the others leave as deleted.
  const scope = and(own, notificationScope(c.get('user')));
  const read = readListQuery(c.req.query());
  if ('error' in read) return invalid(c, [{ path: read.error.field, message: read.error.message }]);
  const { db } = c.get('deps');
  const unread = (where: SQL | undefined) => and(scope, isNull(notifications.read_at), where);
  const source: ListSource = {
    rows: (where, order, limit, offset) =>
      notificationRecords(db, unread(where), {
        orderBy: order === 'page' ? [desc(notifications.created_at), desc(notifications.id)] : order,
        limit,
        offset,
      }),
    count: async (where) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(unread(where));
      return row?.n ?? 0;
    },
    deletedSince: async (changed, changedIn) => {
      const rows = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(own, or(and(isNotNull(notifications.read_at), changed), movedSince(c.get('user'), changedIn(children)))),
        )
        .orderBy(asc(notifications.id));
      return rows.map((r) => r.id);
    },
    table: notifications,
  };
  return listed(c, await runList(db, source, read.query));
}

/** GET /notify_list_count/{centerId}: the reader's unread count and how long ago the newest arrived ('' when none). */
export async function countNotifications(c: Context<AppEnv>) {
  const own = readerScope(c);
  if (typeof own === 'string') return refuse(c, own);
  const scope = and(own, notificationScope(c.get('user')));
  const [row] = await c
    .get('deps')
    .db.select({ n: sql<number>`count(*)::int`, newest: sql<Date | string | null>`max(${notifications.created_at})` })
    .from(notifications)
    .where(and(scope, isNull(notifications.read_at)));
  const newest = row?.newest ? new Date(row.newest) : null;
  return ok(c, { record_count: row?.n ?? 0, timeDiff: newest ? timeAgo(newest) : '' });
}
