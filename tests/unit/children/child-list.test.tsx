import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentDb } from '../../../sync/device/session';
import { adminUser, makeChild, seedChildren, staffUser, viewerUser } from './factories';
import { expectToast, offlineDevice, renderChildrenAt, teardownDevice } from './helpers';

const headers = [
  'SL No.',
  'Child Name',
  'Center Name',
  'SBT Unique ID',
  'Centre ID',
  'Gender',
  'Age',
  'CWC Case No.',
  'Father Name',
  'State',
  'District',
  'Address',
  'Phone No.',
  'Short Stay Center Name',
  'Child Reference by',
  'Arrival date',
  'Refer from CWC Date',
  'CWC Produce Date',
  'Comment',
  'Case Category',
  'Social protection scheme',
  'Medical issue',
  'Education',
  'MHP',
  'Others',
  'Present Status',
  'Action',
];

async function listWith(count: number, user = adminUser, path = '/child-registration') {
  await offlineDevice(user);
  await seedChildren(Array.from({ length: count }, (_, i) => makeChild(i + 1)));
  const view = renderChildrenAt(path);
  await screen.findByTestId('pagination-text');
  return view;
}

describe('/child-registration (spec part 1, sections 2, 6, 8)', () => {
  afterEach(teardownDevice);

  it('shows every column in order, serial numbers from the page, and the pagination text', async () => {
    const { router } = await listWith(25);
    const table = screen.getByRole('table', { name: 'Child Registration List' });
    const ths = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(ths.filter((t) => t !== '')).toEqual(headers);
    expect(screen.getByTestId('pagination-text')).toHaveTextContent('Page 1 of 3 | Displaying 1 to 10 of 25');
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() =>
      expect(screen.getByTestId('pagination-text')).toHaveTextContent('Page 3 of 3 | Displaying 21 to 25 of 25'),
    );
    expect(router.state.location.search).toBe('?page=3');
    const rows = screen.getAllByTestId('data-row');
    expect(within(rows[0]!).getAllByRole('cell')[0]).toHaveTextContent('21');
    expect(rows[0]).toHaveTextContent('Child 5');
  });

  it('an empty list says No Records Found!', async () => {
    await listWith(0);
    expect(screen.getByText('No Records Found!')).toBeInTheDocument();
    expect(screen.getByTestId('pagination-text')).toHaveTextContent('Page 1 of 1 | Displaying 0 to 0 of 0');
  });

  it('Present Status is coloured by its group; a pending row shows its badge', async () => {
    await offlineDevice(adminUser);
    await seedChildren([makeChild(1), makeChild(2, { _sync: 'pending' })]);
    renderChildrenAt('/child-registration');
    const rows = await screen.findAllByTestId('data-row');
    expect(within(rows[0]!).getByText('Registration').closest('[data-status-color]')).toHaveAttribute(
      'data-status-color',
      'grey',
    );
    expect(within(rows[0]!).getByText('Pending')).toBeInTheDocument();
    // A status beyond the spec's seven labels reads as its key (part 2, section 2).
    expect(within(rows[1]!).getByText('education').closest('[data-status-color]')).toHaveAttribute(
      'data-status-color',
      'orange',
    );
  });

  const openFilters = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    return screen.findByRole('dialog', { name: 'Search User Details Filters' });
  };

  it('the filters modal reports date-range problems as info toasts', async () => {
    await listWith(25);
    const user = userEvent.setup();
    const dialog = await openFilters(user);
    await user.type(within(dialog).getByLabelText('Arrival From Date'), '01-02-24');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await expectToast('Select To Date');

    await user.clear(within(dialog).getByLabelText('Arrival From Date'));
    await user.type(within(dialog).getByLabelText('Arrival To Date'), '01-02-24');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await expectToast('Select From Date');

    await user.type(within(dialog).getByLabelText('Arrival From Date'), '05-02-24');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await expectToast('From Date Should Be Less Than To Date');
  }, 30_000);

  it('filters keep applying while paging, and Reset clears them', async () => {
    const { router } = await listWith(25);
    const user = userEvent.setup();
    let dialog = await openFilters(user);
    await user.type(within(dialog).getByLabelText('Child Name'), 'child 1');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('pagination-text')).toHaveTextContent('Page 1 of 2 | Displaying 1 to 10 of 11'),
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(screen.getByTestId('pagination-text')).toHaveTextContent('Page 2 of 2 | Displaying 11 to 11 of 11'),
    );
    expect(new URLSearchParams(router.state.location.search).get('name')).toBe('child 1');

    dialog = await openFilters(user);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('pagination-text')).toHaveTextContent('of 25'));
  }, 30_000);

  it('filters come from the URL, so reload keeps them', async () => {
    await listWith(25, adminUser, '/child-registration?gender=Male&page=2');
    expect(screen.getByTestId('pagination-text')).toHaveTextContent('Page 2 of 2 | Displaying 11 to 13 of 13');
  });

  it('delete asks first, removes the row on the device, and says Child deleted successfully', async () => {
    await listWith(3);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Child 3' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete child' })).getByRole('button', { name: 'Delete' }),
    );
    await expectToast('Child deleted successfully');
    await waitFor(() => expect(screen.queryByText('Child 3')).not.toBeInTheDocument());
    expect(await currentDb().outbox.where('cid').equals('s3').first()).toMatchObject({ op: 'delete' });
  });

  it('Bulk Update needs edit and more than one selected row; admins see every control', async () => {
    await listWith(3);
    const user = userEvent.setup();
    const bulk = screen.getByRole('button', { name: 'Bulk Update' });
    expect(bulk).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    expect(bulk).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(bulk).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add Child' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quick Add' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Edit / })).toHaveLength(3);
  });

  it('a viewer sees no Add Child, Quick Add, Bulk Update, edit, delete or row checkboxes', async () => {
    await listWith(3, viewerUser);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Child' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quick Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bulk Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^View / })).toHaveLength(3);
  });

  it('a custom role without delete sees edit but not delete', async () => {
    await listWith(2, staffUser);
    expect(screen.getAllByRole('button', { name: /^Edit / })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });
});
