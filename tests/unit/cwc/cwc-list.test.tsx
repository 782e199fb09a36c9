import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { currentDb } from '../../../sync/device/session';
import { CwcListPage } from '../../../src/features/cwc';
import { render } from '../../render';
import { adminUser } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

describe('CWC list row actions (spec part 1: view, go-to, edit, delete, each only if permitted)', () => {
  afterEach(teardownDevice);

  it("go-to opens the profile of the record's child, by its address; edit and delete are named after the child", async () => {
    await offlineDevice(adminUser);
    await currentDb()
      .entity('cwcProduce')
      .bulkPut([
        {
          cid: 'p1',
          id: 5,
          childregId: 41,
          child_data: { id: 41, name: 'Meena Kumari' },
          centerId: 3,
          transfer_date: '2025-02-03',
          comment: 'produced',
          documents: [],
          _sync: 'synced',
        },
        {
          cid: 'p2',
          childregId: 'child-cid-7',
          centerId: 3,
          transfer_date: '2025-02-04',
          comment: 'offline child',
          documents: [],
          _sync: 'pending',
        },
      ]);
    render(<CwcListPage kind="produce" />);
    const table = await screen.findByRole('table');
    const goTo = await within(table).findByRole('link', { name: 'Go to Meena Kumari' });
    expect(goTo.getAttribute('href')).toBe('/child-registration/profile?child=41&mode=view');
    expect(within(table).getByRole('button', { name: 'Edit Meena Kumari' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Delete Meena Kumari' })).toBeTruthy();
    const offline = within(table).getByRole('link', { name: 'Go to the child' });
    expect(offline.getAttribute('href')).toBe('/child-registration/profile?child=child-cid-7&mode=view');
  });
});
