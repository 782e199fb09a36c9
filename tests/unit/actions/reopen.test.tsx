import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectivityStore, type SessionUser } from '../../../sync';
import { setFetch } from '../../../sync/net/transport';
import { currentDb } from '../../../sync/device/session';
import { ChildActionsPanel, ReopenButton } from '../../../src/features/actions';
import { render, renderRoutes } from '../../render';
import { ChildProfileRoute } from '../../../src/routes/child-profile';
import { adminUser, freshDeviceSignedInAs, makeChild, seedChildren } from '../children/factories';
import { expectToast, offlineDevice, teardownDevice } from '../children/helpers';

const child = makeChild(41, { last_status: { history_status: 'by_police' } });
const exit = {
  cid: 'h-exit',
  id: 900,
  childregId: 41,
  history_status: 'by_police',
  comment: 'escorted',
  created_at: '2025-01-17T10:00:00.000Z',
  _sync: 'synced' as const,
  _base: { id: 900 },
};

async function exitedChildOn(user: SessionUser) {
  await offlineDevice(user);
  await seedChildren([child]);
  await currentDb().entity('history').put(exit);
  render(
    <>
      <ReopenButton child={child} />
      <ChildActionsPanel child={child} section="Escort/Exit" editing />
    </>,
  );
  await screen.findByText('escorted');
}

describe('REOPEN after an exit (spec part 1 section 4)', () => {
  afterEach(teardownDevice);

  it('is offered after an exit; reopening offline queues the reopen and the status refreshes at once', async () => {
    await exitedChildOn(adminUser);
    await userEvent.click(await screen.findByRole('button', { name: 'REOPEN' }));
    await expectToast('Child reopened successfully');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'REOPEN' })).toBeNull());
    expect((await currentDb().entity('children').get(child.cid))?.last_status).toMatchObject({
      history_status: 'reopen',
    });
    expect(await currentDb().outbox.toArray()).toMatchObject([
      { entity: 'historyActions', op: 'reopen', payload: { childregId: 41, history_status: 'reopen' } },
    ]);
  });

  it('follows the flags of GET /child_status/{id} kept on the device: reopen false hides it', async () => {
    await offlineDevice(adminUser);
    await seedChildren([child]);
    await currentDb().entity('history').put(exit);
    await currentDb().lookups.put({
      key: 'child_status:41',
      data: { reopen: false, actions: {} },
      pulledAt: Date.now(),
    });
    render(
      <>
        <ReopenButton child={child} />
        <ChildActionsPanel child={child} section="Escort/Exit" editing />
      </>,
    );
    await screen.findByText('escorted');
    expect(screen.queryByRole('button', { name: 'REOPEN' })).toBeNull();
    await currentDb().lookups.put({
      key: 'child_status:41',
      data: { reopen: true, actions: {} },
      pulledAt: Date.now(),
    });
    expect(await screen.findByRole('button', { name: 'REOPEN' })).toBeTruthy();
  });

  it('is not offered to a user who may not edit the child, exit or not', async () => {
    const tracker: SessionUser = {
      ...adminUser,
      id: 12,
      email: 'tracker@demo.test',
      role: {
        id: 5,
        name: 'tracker',
        permissions: { child_registration: { view: 1 }, child_tracking: { view: 1, create: 1 } },
      },
    };
    await exitedChildOn(tracker);
    expect(screen.queryByRole('button', { name: 'REOPEN' })).toBeNull();
  });
});

describe('REOPEN in View Profile (spec part 1, profile)', () => {
  afterEach(teardownDevice);

  it('shows in view mode as well as edit mode for a user who may edit; the Action dropdown stays in edit mode', async () => {
    await offlineDevice(adminUser);
    await seedChildren([child]);
    await currentDb().entity('history').put(exit);
    renderRoutes(
      [{ path: '/child-registration/profile', element: <ChildProfileRoute /> }],
      '/child-registration/profile?child=41&mode=view',
    );
    expect(await screen.findByRole('button', { name: 'REOPEN' })).toBeTruthy();
    expect(screen.queryByLabelText('Action')).toBeNull();
  });
});

/** A server that answers GET /child_status/41 with `reopen`, and counts the asks. */
function childStatusServer(reopen: boolean) {
  const calls: string[] = [];
  setFetch(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.endsWith('/child_status/41')) throw new TypeError('Failed to fetch');
    calls.push(url.pathname);
    return new Response(JSON.stringify({ success: true, data: { reopen, actions: {} } }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

// Spec part 1, section 4: "Reopen: the child status call returns a reopen flag. If true and
// the user can edit, REOPEN calls the reopen action". Online the server's flag decides;
// offline the local rule (latest status on the device is an exit) applies.
describe('REOPEN online follows GET /child_status/{id}', () => {
  afterEach(() => {
    setFetch(undefined);
    connectivityStore.setState({ online: true });
  });

  it('shows when the server says reopen: true, although the device holds no exit for the child', async () => {
    await freshDeviceSignedInAs(adminUser);
    await seedChildren([child]);
    connectivityStore.setState({ online: true });
    const calls = childStatusServer(true);
    render(<ReopenButton child={child} />);
    expect(await screen.findByRole('button', { name: 'REOPEN' })).toBeTruthy();
    expect(calls).toContain('/api/child_status/41');
  });

  it('is hidden when the server says reopen: false, although the device holds an exit', async () => {
    await freshDeviceSignedInAs(adminUser);
    await seedChildren([child]);
    await currentDb().entity('history').put(exit);
    connectivityStore.setState({ online: true });
    const calls = childStatusServer(false);
    render(<ReopenButton child={child} />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await waitFor(async () =>
      expect((await currentDb().lookups.get('child_status:41'))?.data).toEqual({ reopen: false, actions: {} }),
    );
    // Settled: the device's exit is loaded and the server's answer rendered.
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button', { name: 'REOPEN' })).toBeNull();
  });

  it('offline, the local rule: an exit on the device shows it, nothing is asked', async () => {
    await freshDeviceSignedInAs(adminUser);
    await seedChildren([child]);
    await currentDb().entity('history').put(exit);
    connectivityStore.setState({ online: false });
    const calls = childStatusServer(false);
    render(<ReopenButton child={child} />);
    expect(await screen.findByRole('button', { name: 'REOPEN' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
