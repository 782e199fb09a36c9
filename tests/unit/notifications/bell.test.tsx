import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { connectivityStore } from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { setFetch } from '../../../sync/net/transport';
import { serverCid } from '../../../sync/engine/pull';
import { bellCount, NotificationBell } from '../../../src/app/layout/notification-bell';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';
import { render } from '../../render';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

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

/** A server that answers GET /notify_list_count/{centerId} only, and the paths it was asked. */
function countServer(record_count: number) {
  const calls: string[] = [];
  setFetch(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url.pathname);
    if (!/\/notify_list_count\/\d+$/.test(url.pathname)) throw new TypeError('Failed to fetch');
    return json({ success: true, data: { record_count, timeDiff: '2 minutes ago' } });
  });
  return calls;
}

// Spec part 2, section 3: "Count record: record_count, timeDiff" (GET /notify_list_count/{centerId}).
describe("the notification bell shows the server's record_count when online", () => {
  afterEach(() => {
    setFetch(undefined);
    connectivityStore.setState({ online: true });
  });

  it("bellCount: online the server's record_count, offline or before any answer the device's unread count", () => {
    expect(bellCount(true, { record_count: 9, timeDiff: '' }, 2)).toBe(9);
    expect(bellCount(true, { record_count: 0, timeDiff: '' }, 2)).toBe(0);
    expect(bellCount(false, { record_count: 9, timeDiff: '' }, 2)).toBe(2);
    expect(bellCount(true, undefined, 2)).toBe(2);
  });

  it("online: asks /notify_list_count/{centerId} and shows its record_count, not the device's 3", async () => {
    await freshDeviceSignedInAs(adminUser);
    await currentDb()
      .entity('notifications')
      .bulkPut([note(1), note(2), note(3)]);
    connectivityStore.setState({ online: true });
    const calls = countServer(41);
    render(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications: 41 unread' });
    expect(calls).toContain(`/api/notify_list_count/${adminUser.centerId}`);
  });

  it("offline: the device's unread count, even with an older server count stored", async () => {
    await freshDeviceSignedInAs(adminUser);
    await currentDb()
      .entity('notifications')
      .bulkPut([note(1), note(2), note(3)]);
    await currentDb().lookups.put({ key: 'notify_count', data: { record_count: 41, timeDiff: '' }, pulledAt: 0 });
    connectivityStore.setState({ online: false });
    const calls = countServer(41);
    render(<NotificationBell />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications: 3 unread' })).toBeInTheDocument());
    expect(calls).toEqual([]);
  });
});

describe('the bell menu holds only what a menu may hold (WCAG 1.3.1)', () => {
  afterEach(() => setFetch(undefined));

  it('its count is a label and its notifications items: every child of the menu is an item, a divider or a label', async () => {
    await freshDeviceSignedInAs(adminUser);
    await currentDb()
      .entity('notifications')
      .bulkPut([note(1), note(2)]);
    connectivityStore.setState({ online: false });
    render(<NotificationBell />);
    (await screen.findByRole('button', { name: 'Notifications: 2 unread' })).click();
    const menu = await screen.findByRole('menu');
    await screen.findByText('Child 2');
    const kinds = [...menu.children].map(
      (child) =>
        child.getAttribute('role') ??
        ['label', 'divider'].find((k) => child.classList.contains(`mantine-Menu-${k}`)) ??
        child.outerHTML,
    );
    expect(kinds).toEqual(['label', 'label', 'menuitem', 'menuitem', 'divider', 'menuitem']);
    expect(screen.getByTestId('notify-count').textContent).toBe('2 new notifications');
  });
});
