import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isAllCenterUser, type Principal } from '../../sync/contract';
import type { Db } from '../db/client';
import { centers, children, notifications, users } from '../db/schema';
import type { ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';

/**
 * A center-bound reader reads only notifications about children now at its center
 * (sync/SPEC.md, R20): one written before a child moved away names a child it may no
 * longer read. One about no child names no one and stays. `movedSince` gives those whose child left within a delta page's stretch (R22), for its
 * `deleted` list, so a device drops them too.
 */
export const notificationScope = (user: Principal): SQL | undefined =>
  isAllCenterUser(user)
    ? undefined
    : sql`(${notifications.childregId} is null or exists (select 1 from children c2
        where c2.id = ${notifications.childregId} and c2.centerdetail_id = ${user.centerId}))`;

export const movedSince = (user: Principal, childChanged: SQL): SQL | undefined =>
  isAllCenterUser(user)
    ? undefined
    : sql`exists (select 1 from ${children} where ${children.id} = ${notifications.childregId}
        and ${children.centerdetailId} is distinct from ${user.centerId} and ${childChanged})`;

/** A notification as notifyList answers it: id, childregId, child_data, center_data, user_data_history, comment (spec part 2, section 3). */
export async function notificationRecords(
  db: Db,
  where: SQL | undefined,
  page: { orderBy: SQL[]; limit?: number; offset?: number },
): Promise<ListedRow[]> {
  let query = db
    .select({
      n: notifications,
      child: { id: children.id, name: children.name },
      center: { id: centers.id, name: centers.name },
      user: { id: users.id, name: users.name },
    })
    .from(notifications)
    .leftJoin(children, eq(children.id, notifications.childregId))
    .leftJoin(centers, eq(centers.id, notifications.centerId))
    .leftJoin(users, eq(users.id, notifications.user_id))
    .where(where)
    .orderBy(...page.orderBy)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit).offset(page.offset ?? 0);
  return (await query).map(({ n, child, center, user }) => ({
    id: n.id,
    childregId: n.childregId,
    centerId: n.centerId,
    comment: n.comment,
    read_at: iso(n.read_at),
    created_at: iso(n.created_at),
    updated_at: iso(n.updated_at),
    child_data: child,
    center_data: center,
    user_data_history: user,
  }));
}

export const notificationRecord = async (
  db: Db,
  id: number,
  reader: Principal & { id: number },
): Promise<ListedRow | null> =>
  (
    await notificationRecords(
      db,
      and(eq(notifications.id, id), eq(notifications.recipient_id, reader.id), notificationScope(reader)),
      { orderBy: [] },
    )
  )[0] ?? null;
