import { useLiveQuery } from '../../../lib/use-live-query';
import { listNotifications, messages, mutations, unreadNotificationCount } from '../../../../sync';

export const useNotificationsPage = (page: number) => useLiveQuery(() => listNotifications(page), [page], null);

/** The `count` newest unread notifications on the device, for the bell menu. */
export const useLatestNotifications = (count: number) =>
  useLiveQuery(async () => (await listNotifications(1, count)).rows, [count], []);

/** The bell's count, from the device; it moves when a pull brings new ones or one is marked read. */
export const useUnreadCount = (): number => useLiveQuery(() => unreadNotificationCount(), [], 0);

/** Mark As Read (notifyUpdate) through the outbox: the row leaves the list at once, offline too. */
export async function markRead(cid: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await mutations.notifications.update(cid, { read: 1 });
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}
