import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  DEFAULT_PAGE_SIZE,
  isAllCenterUser,
  isAllowed,
  messages,
  paginate,
  wireEndpoints,
  type ChildAccessRow,
} from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { fail, idParam, ok, pageOf } from '../core/http';
import { selectRows } from '../db/client';
import { children } from '../db/schema';
import { appendAccess } from './append';

/** The header a device names itself by (our extension), kept with the server's own entries. */
export const DEVICE_HEADER = 'x-device-id';

type TimelineRow = Omit<ChildAccessRow, 'at'> & { at: Date | string };

/**
 * GET /child_access_log/{id} (our extension): a child's accesses and the activity log's
 * writes, newest first, a page at a time. Administrators only; a center-bound one only for
 * its center's children (403 otherwise), deleted children included. The read is itself an
 * entry (`access_log_read`), appended before the page is read, so it shows first.
 */
export async function childAccessLog(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!isAllowed(user, wireEndpoints.childAccessLog.permission)) return fail(c, 403, messages.forbidden);
  const childId = idParam(c.req.param('id'));
  if (childId === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  const [child] = await db.select({ centerId: children.centerdetailId }).from(children).where(eq(children.id, childId));
  if (!child) return fail(c, 404, messages.notFound);
  if (!isAllCenterUser(user) && child.centerId !== user.centerId) return fail(c, 403, messages.forbidden);

  const device = c.req.header(DEVICE_HEADER)?.slice(0, 100) || null;
  await appendAccess(db, [
    {
      key: randomUUID(),
      action: 'access_log_read',
      childIds: [childId],
      userId: user.id,
      deviceId: device,
      at: new Date(),
      offline: false,
      appVersion: null,
      subject: null,
    },
  ]);

  const timeline = sql`
    select 'access' as kind, a.action, a.subject, a.user_id, u.name as user_name, u.email as user_email,
      a.device_id, a.at, a.offline, a.id as ord
    from access_log a left join users u on u.id = a.user_id
    where a.child_ids @> array[${childId}]::integer[]
    union all
    select 'write', l.activity, null, l.created_by, u.name, u.email, null, l.created_at, null, l.id
    from activity_logs l left join users u on u.id = l.created_by
    where l.childreg_id = ${childId} and l.deleted_at is null`;
  const [{ total }] = await selectRows<{ total: number }>(db, sql`select count(*)::int as total from (${timeline}) t`);
  const pagination = paginate(total, pageOf(c), DEFAULT_PAGE_SIZE);
  const rows = await selectRows<TimelineRow>(
    db,
    sql`select kind, action, subject, user_id, user_name, user_email, device_id, at, offline from (${timeline}) t
      order by at desc, kind, ord desc
      limit ${DEFAULT_PAGE_SIZE} offset ${(pagination.current_page - 1) * DEFAULT_PAGE_SIZE}`,
  );
  const data: ChildAccessRow[] = rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
  return ok(c, data, { pagination });
}
