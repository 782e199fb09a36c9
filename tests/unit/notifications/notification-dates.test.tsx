import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentDb } from '../../../sync/device/session';
import { serverCid } from '../../../sync/engine/pull';
import { showDateTime } from '../../../src/lib/dates';
import { NotificationBell } from '../../../src/app/layout/notification-bell';
import { NotificationListPage } from '../../../src/features/notifications';
import { adminUser } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';
import { render } from '../../render';

/*
 * Notifications show when they were made (part 2 section 2: the list's child, center,
 * user and comment, and our Date), in the list and in the bell menu, newest first.
 */

const note = (id: number) => ({
  cid: serverCid(id),
  id,
  childregId: 100 + id,
  comment: `Medical added ${id}`,
  child_data: { name: `Child ${id}` },
  center_data: { name: 'Contact Point' },
  user_data_history: { name: 'Staff' },
  created_at: new Date(Date.UTC(2026, 0, id, 9, 15)).toISOString(),
  updated_at: '2026-01-01T00:00:00.000Z',
  _sync: 'synced' as const,
  _base: null,
});

const dateOf = (id: number) => showDateTime(new Date(Date.UTC(2026, 0, id, 9, 15)).toISOString());

describe('notifications show their date', () => {
  beforeEach(async () => {
    await offlineDevice(adminUser);
    await currentDb().entity('notifications').bulkPut([1, 2, 3, 4].map(note));
  });
  afterEach(teardownDevice);

  it("/notifications: a Date column with each notification's date and time", async () => {
    render(<NotificationListPage />);
    const table = await screen.findByRole('table', { name: 'Notifications' });
    expect(within(table).getByRole('columnheader', { name: 'Date' })).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByText(dateOf(4))).toBeInTheDocument());
    for (const id of [1, 2, 3]) expect(within(table).getByText(dateOf(id))).toBeInTheDocument();
  });

  it('the bell menu: the three newest, each with its child, message and date', async () => {
    render(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications: 4 unread' }));
    await waitFor(() => expect(screen.getAllByTestId('bell-notification')).toHaveLength(3));
    const items = screen.getAllByTestId('bell-notification');
    expect(items.map((item) => item.textContent)).toEqual(
      [4, 3, 2].map((id) => `Child ${id}Medical added ${id}${dateOf(id)}`),
    );
    expect(items[0]).toHaveAttribute('href', '/notifications');
    expect(screen.getByText('View All').closest('a')).toHaveAttribute('href', '/notifications');
  });
});
