import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { lookupKeys, type SessionUser } from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { UserListPage } from '../../../src/features/users';
import { render } from '../../render';
import { adminUser } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

const centers = [
  { cid: 'c1', id: 1, name: 'SBT Head Office', centertypeId: 1, _sync: 'synced' as const },
  { cid: 'c3', id: 3, name: 'Contact Point Alpha', centertypeId: 1, _sync: 'synced' as const },
];
const users = [
  { cid: 'u1', id: 21, name: 'Asha Head', email: 'asha@demo.test', centerId: 1, role_id: 2, _sync: 'synced' as const },
  { cid: 'u2', id: 22, name: 'Ravi Point', email: 'ravi@demo.test', centerId: 3, role_id: 2, _sync: 'synced' as const },
];

async function usersListAs(user: SessionUser) {
  await offlineDevice(user);
  await currentDb().entity('centers').bulkPut(centers);
  await currentDb().lookups.put({ key: lookupKeys.centersList, data: centers, pulledAt: Date.now() });
  await currentDb().entity('users').bulkPut(users);
  render(<UserListPage />);
  return screen.findByRole('table', { name: 'Users Management List' });
}

describe('Users Management center filter (spec part 1: read-only unless the user is of center 1)', () => {
  afterEach(teardownDevice);

  it('a user of center 1 chooses any center', async () => {
    const table = await usersListAs(adminUser);
    expect(await within(table).findByText('Ravi Point')).toBeTruthy();
    expect(within(table).getByText('Asha Head')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Center' }).hasAttribute('readonly')).toBe(false);
  });

  it("a user of another center sees the filter read-only on its own center, and only that center's users", async () => {
    const table = await usersListAs({ ...adminUser, id: 9, email: 'point-admin@demo.test', centerId: 3 });
    expect(await within(table).findByText('Ravi Point')).toBeTruthy();
    expect(within(table).queryByText('Asha Head')).toBeNull();
    const center = screen.getByRole('textbox', { name: 'Center' });
    expect(center.hasAttribute('readonly')).toBe(true);
    expect(await screen.findByDisplayValue('Contact Point Alpha')).toBe(center);
  });
});
