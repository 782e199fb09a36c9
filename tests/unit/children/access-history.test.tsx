import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectivityStore } from '../../../sync';
import { setFetch } from '../../../sync/net/transport';
import { currentDb } from '../../../sync/device/session';
import { renderRoutes } from '../../render';
import { ChildProfileRoute } from '../../../src/routes/child-profile';
import { adminUser, freshDeviceSignedInAs, makeChild, seedChildren, staffUser } from './factories';

/*
 * The profile's Access history tab (administrators): who opened or changed the child, read
 * from the server (GET /child_access_log/{id}, our extension), online only; opening the
 * profile's tabs queues the device's own access entries.
 */

const child = makeChild(41);
const history = [
  {
    kind: 'access',
    action: 'profile_view',
    subject: 'basic',
    user_id: 3,
    user_name: 'Vikram Chauhan',
    user_email: 'viewer@demo.test',
    device_id: 'tablet-7',
    at: '2026-11-20T10:15:00.000Z',
    offline: true,
  },
  {
    kind: 'write',
    action: 'Education record added',
    subject: null,
    user_id: 4,
    user_name: 'Pooja Verma',
    user_email: 'staff@demo.test',
    device_id: null,
    at: '2026-11-19T09:00:00.000Z',
    offline: null,
  },
];

function server() {
  const asked: { path: string; device: string | null }[] = [];
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    asked.push({ path: url.pathname, device: request.headers.get('X-Device-Id') });
    const body =
      url.pathname === '/api/child_access_log/41'
        ? {
            success: true,
            data: history,
            pagination: { current_page: 1, per_page: 10, from: 1, to: 2, total: 2, last_page: 1 },
          }
        : { success: true, data: [] };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return asked;
}

const openProfile = () =>
  renderRoutes(
    [{ path: '/child-registration/profile', element: <ChildProfileRoute /> }],
    '/child-registration/profile?child=41&mode=view',
  );

describe("the profile's Access history", () => {
  afterEach(() => {
    setFetch(undefined);
    connectivityStore.setState({ online: true });
  });

  it("an administrator reads who opened and changed the child, newest first, as the server keeps it; the device's own views are queued", async () => {
    await freshDeviceSignedInAs(adminUser);
    await seedChildren([child]);
    const asked = server();
    openProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Access history' }));
    const table = await screen.findByRole('table', { name: 'Access history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Opened the profile');
    expect(rows[0]).toHaveTextContent('Vikram Chauhan (viewer@demo.test)');
    expect(rows[0]).toHaveTextContent('tablet-7');
    expect(rows[0]).toHaveTextContent('Yes');
    expect(rows[1]).toHaveTextContent('Education record added');
    const read = asked.find((a) => a.path === '/api/child_access_log/41');
    expect(read?.device).toBeTruthy();
    // Opening the profile queued its Overview as an access of this device.
    const queued = await currentDb().accessQueue.toArray();
    expect(queued.map((q) => [q.action, q.child_ids, q.subject])).toContainEqual(['profile_view', [41], 'overview']);
  });

  it('offline it says it needs a connection; a caseworker has no such tab', async () => {
    await freshDeviceSignedInAs(adminUser);
    await seedChildren([child]);
    server();
    connectivityStore.setState({ online: false });
    const view = openProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Access history' }));
    expect(await screen.findByText('Access history needs a connection. Open it again when online.')).toBeTruthy();
    view.unmount();

    await freshDeviceSignedInAs(staffUser);
    await seedChildren([{ ...child, centerdetailId: staffUser.centerId }]);
    openProfile();
    await screen.findByRole('tab', { name: 'Overview' });
    expect(screen.queryByRole('tab', { name: 'Access history' })).toBeNull();
  });
});
