import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { countNotifications, listNotifications } from './list';
import { markNotificationRead } from './mark-read';

/** Notifications (spec part 2, sections 2, 3, 4 and 7). */
export function registerNotificationRoutes(api: Hono<AppEnv>) {
  api.get('/notify_list/:centerId', listNotifications);
  api.get('/notify_list_count/:centerId', countNotifications);
  api.post('/notify_update/:id', markNotificationRead);
}
