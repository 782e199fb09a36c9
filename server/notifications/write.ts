import { and, eq, isNull, ne, or } from 'drizzle-orm';
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
  const readers = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNull(users.deleted_at),
        ne(users.id, about.authorId),
        or(eq(users.centerId, about.centerId), eq(users.centerId, ALL_CENTERS_ID)),
      ),
    );
  if (readers.length === 0) return;
  await tx.insert(notifications).values(
    readers.map((reader) => ({
      childregId: about.childregId,
      centerId: about.centerId,
      user_id: about.authorId,
      recipient_id: reader.id,
      comment: about.comment,
    })),
  );
}
