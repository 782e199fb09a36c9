import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { messages } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { notifications } from '../db/schema';
import { nextUpdatedAt } from '../delta/timestamps';
import { fail, idParam, ok } from '../core/http';
import { notificationRecord } from './records';

export const notificationMessages = { read: 'Notification marked as read' } as const;

/**
 * POST /notify_update/{id} (notifyUpdate): marks the reader's own notification as read;
 * marking it again changes nothing (a retried outbox entry is harmless). Another
 * reader's notification is 404.
 */
export async function markNotificationRead(c: Context<AppEnv>) {
  const user = c.get('user');
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  await db
    .update(notifications)
    .set({ read_at: new Date(), updated_at: nextUpdatedAt(notifications.updated_at) })
    .where(and(eq(notifications.id, id), eq(notifications.recipient_id, user.id), isNull(notifications.read_at)));
  const record = await notificationRecord(db, id, user);
  return record ? ok(c, record, { message: notificationMessages.read }) : fail(c, 404, messages.notFound);
}
