import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { centers, children, notifications, users } from '../db/schema';
import type { ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';

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

export const notificationRecord = async (db: Db, id: number, recipientId: number): Promise<ListedRow | null> =>
  (
    await notificationRecords(db, and(eq(notifications.id, id), eq(notifications.recipient_id, recipientId)), {
      orderBy: [],
    })
  )[0] ?? null;
