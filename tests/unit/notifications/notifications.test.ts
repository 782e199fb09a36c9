import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listNotifications, unreadNotificationCount } from '../../../sync/queries';
import { currentDb } from '../../../sync/device/session';
import { serverCid } from '../../../sync/engine/pull';
import { markRead } from '../../../src/features/notifications/hooks/use-notifications';
import { adminUser } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

const note = (id: number) => ({
  cid: serverCid(id),
  id,
  childregId: 100 + id,
  comment: `Medical added ${id}`,
  child_data: { name: `Child ${id}` },
  center_data: { name: 'Contact Point' },
  user_data_history: { name: 'Staff' },
  created_at: new Date(Date.UTC(2026, 0, id)).toISOString(),
  updated_at: '2026-01-01T00:00:00.000Z',
  _sync: 'synced' as const,
  _base: null,
});

describe('notifications on the device', () => {
  beforeEach(async () => {
    await offlineDevice(adminUser);
    await currentDb()
      .entity('notifications')
      .bulkPut(Array.from({ length: 12 }, (_, i) => note(i + 1)));
  });
  afterEach(teardownDevice);

  it('lists unread notifications newest first, 10 a page, and the bell counts them', async () => {
    const first = await listNotifications();
    expect(first.rows.map((r) => r.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(first.pagination).toMatchObject({ total: 12, last_page: 2 });
    expect(await unreadNotificationCount()).toBe(12);
  });

  it('Mark As Read offline: the row leaves the list and the count at once, and notifyUpdate waits in the outbox', async () => {
    expect(await markRead('s12')).toEqual({ ok: true });
    expect((await listNotifications()).rows.map((r) => r.id)).not.toContain(12);
    expect(await unreadNotificationCount()).toBe(11);
    const [entry] = await currentDb().outbox.toArray();
    expect(entry).toMatchObject({ entity: 'notifications', op: 'update', cid: 's12', status: 'queued' });
  });
});
