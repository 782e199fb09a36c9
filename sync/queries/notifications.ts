import { currentDb } from '../device/session';
import { paginate, DEFAULT_PAGE_SIZE, type Pagination } from '../contract/envelope';
import type { LocalNotification } from '../entities/notifications';
export type { LocalNotification };

/*
 * The reader's notifications on the device (spec part 2): unread until marked, then
 * gone from the list at once (the row carries `read: 1` until the next pull removes it).
 * The bell counts them by key, without reading the rows.
 */

const isUnread = (row: LocalNotification) => row.read !== 1 && !row.read_at;

/** A page of unread notifications, newest first. */
export async function listNotifications(
  page = 1,
  perPage = DEFAULT_PAGE_SIZE,
): Promise<{ rows: LocalNotification[]; pagination: Pagination }> {
  const rows = ((await currentDb().entity('notifications').toArray()) as LocalNotification[]).filter(isUnread);
  rows.sort(
    (a, b) =>
      String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')) || Number(b.id ?? 0) - Number(a.id ?? 0),
  );
  const pagination = paginate(rows.length, page, perPage);
  const start = (pagination.current_page - 1) * perPage;
  return { rows: rows.slice(start, start + perPage), pagination };
}

/** How many notifications on the device are unread (the bell). */
export async function unreadNotificationCount(): Promise<number> {
  const table = currentDb().entity('notifications');
  // The server lists only unread ones; a row marked here keeps `read: 1` until the pull removes it.
  const [all, read] = await Promise.all([table.count(), table.where('read').equals(1).count()]);
  return all - read;
}
