import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { ALL_CENTERS_ID } from '../../sync/contract';
import type { Db } from '../db/client';
import { notifications, users } from '../db/schema';

/*
 * Notifications are written by the server when someone records something about a child
 * (a registration, an action, a CWC record, an exit): one row per reader — the users of
 * the child's center and the all-center users — except the author (DESIGN: Part 2
 * notes), so each reader marks its own as read. Runs inside the writer's transaction.
 */
export async function notifyReaders(
  tx: Db,
  about: { childregId: number; centerId: number; authorId: number; comment: string },
) {
  // One statement: a row per reader, chosen and written by the database.
  const readers = and(
    isNull(users.deleted_at),
    ne(users.id, about.authorId),
    or(eq(users.centerId, about.centerId), eq(users.centerId, ALL_CENTERS_ID)),
  );
  await tx.execute(sql`
    insert into ${notifications} (childreg_id, center_id, user_id, recipient_id, comment)
    select ${about.childregId}::int, ${about.centerId}::int, ${about.authorId}::int, ${users.id}, ${about.comment}::text
    from ${users} where ${readers}`);
}
