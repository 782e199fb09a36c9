import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentDb } from '../../../sync/device/session';
import { RoleListPage } from '../../../src/features/roles';
import { CenterListPage } from '../../../src/features/centers';
import { render } from '../../render';
import { adminUser, makeChild, seedChildren } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

const synced = { _sync: 'synced' as const };
const roles = [
  { cid: 'r5', id: 5, name: 'outreach', ...synced },
  { cid: 'r6', id: 6, name: 'unused', ...synced },
];
const centers = [
  { cid: 'c1', id: 1, name: 'SBT Head Office', centertypeId: 1, status: 1, ...synced },
  { cid: 'c3', id: 3, name: 'Contact Point Alpha', centertypeId: 1, status: 1, ...synced },
  { cid: 'c4', id: 4, name: 'Empty Point', centertypeId: 1, status: 1, ...synced },
];
const users = [
  { cid: 'u1', id: 21, name: 'Asha', centerId: 3, role_id: 5, ...synced },
  { cid: 'u2', id: 22, name: 'Ravi', centerId: 3, role_id: 5, ...synced },
];

async function deviceWithAdminData() {
  await offlineDevice(adminUser);
  await currentDb().entity('roles').bulkPut(roles);
  await currentDb().entity('centers').bulkPut(centers);
  await currentDb().entity('users').bulkPut(users);
  await seedChildren([makeChild(1, { centerdetailId: 3 })]);
}

describe('deleting what is still in use says so before asking (part 1, section 6: the server refuses)', () => {
  afterEach(teardownDevice);

  it('a role users hold names how many and how to free it; an unused role asks to confirm', async () => {
    await deviceWithAdminData();
    render(<RoleListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete outreach' }));
    const refused = await screen.findByRole('dialog', { name: 'Delete role' });
    expect(refused).toHaveTextContent(
      'The role outreach is still given to 2 users, so it cannot be deleted. Give them another role first.',
    );
    expect(within(refused).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(within(refused).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Delete unused' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete role' });
    expect(within(asked).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(await currentDb().outbox.count()).toBe(0);
  });

  it('a center with children and users says what it still has; an empty one asks to confirm; the status switch says what a tap does', async () => {
    await deviceWithAdminData();
    render(<CenterListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Contact Point Alpha' }));
    const refused = await screen.findByRole('dialog', { name: 'Delete center' });
    expect(refused).toHaveTextContent(
      'Contact Point Alpha still has 1 child and 2 users, so it cannot be deleted. Move them to another center first.',
    );
    expect(within(refused).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(within(refused).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Delete Empty Point' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete center' });
    expect(asked).toHaveTextContent('Delete Empty Point? This cannot be undone.');
    // The status switch says what a tap will do before it is applied at once.
    expect(screen.getByRole('switch', { name: 'Status of Empty Point' })).toHaveAttribute(
      'aria-description',
      'Enabled. Tap to disable: the center is marked not in use; its children, users and records stay.',
    );
  });
});
