import type { EntityDescriptor } from './types';
import type { LocalRow } from '../db/app-db';
import type { Notification } from '../contract/entities/notification';

/** A notification as the device holds it, with when it was read here. */
export type LocalNotification = LocalRow<Partial<Notification> & { read?: number; read_at?: string | null }>;

/*
 * Notifications are pulled for every user from notifyList with the user's center
 * (`:centerId`, filled by the pull); Mark As Read is an update through the outbox, sent
 * as notifyUpdate: the row is marked `read` at once (the list hides it, offline too) and
 * the next delta pull, which lists it as deleted, removes it.
 */
export const notifications = {
  label: 'Notification',
  table: 'notifications',
  ops: { update: { endpoint: 'notifyUpdate' } },
  view: { endpoint: 'notifyList' },
  list: { endpoint: 'notifyList' },
  refs: {},
  fileFields: [],
} satisfies EntityDescriptor;
