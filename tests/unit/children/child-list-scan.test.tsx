import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentDb } from '../../../sync/device/session';
import { adminUser, makeChild, seedChildren, staffUser } from './factories';
import { offlineDevice, renderChildrenAt, teardownDevice } from './helpers';

async function listWith(count: number, path = '/child-registration', user = adminUser) {
  await offlineDevice(user);
  await seedChildren(Array.from({ length: count }, (_, i) => makeChild(i + 1)));
  const view = renderChildrenAt(path);
  await screen.findByTestId('pagination-text');
  return view;
}

const names = () =>
  screen.getAllByTestId('data-row').map((r) => within(r).getAllByText(/^Child \d+$|Ramesh/)[0]!.textContent);
const headerCell = (name: string) =>
  screen.getAllByRole('columnheader').find((th) => th.textContent === name) as HTMLElement;

/** Makes the phone's media query (below the sm breakpoint) match, as on a 390 px screen. */
function onAPhone() {
  const phone = (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  });
  const original = window.matchMedia;
  window.matchMedia = vi.fn().mockImplementation(phone);
  return () => void (window.matchMedia = original);
}

describe('the Child Registration List can be scanned', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
    localStorage.clear();
    teardownDevice();
  });

  it('the search box filters as you type, keeps the filter in the URL, and says No Records Found! for nothing', async () => {
    const { router } = await listWith(25);
    await currentDb().entity('children').update('s7', { name: 'Ramesh Kumar' });
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Search' });
    await user.type(box, 'rames');
    // The box sends what is typed after a 150 ms pause, so on a slow box 'rame' may be sent
    // (and already leave only Ramesh) before 'rames': wait for the last of it.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('rames'));
    await waitFor(() => expect(names()).toEqual(['Ramesh Kumar']));
    await user.clear(box);
    await user.type(box, 'SBT-2');
    await waitFor(() => expect(screen.getByTestId('pagination-text')).toHaveTextContent('of 7'));
    await user.type(box, '1');
    await waitFor(() => expect(screen.getByTestId('pagination-text')).toHaveTextContent('of 1'));
    await user.type(box, '9');
    await screen.findByText('No Records Found!');
  }, 30_000);

  it('a header sorts by its column, ascending then descending then the list order, and says which', async () => {
    const { router } = await listWith(12);
    const user = userEvent.setup();
    expect(names()[0]).toBe('Child 12');
    await user.click(within(headerCell('Child Name')).getByRole('button'));
    await waitFor(() => expect(names()[0]).toBe('Child 1'));
    expect(names().slice(0, 3)).toEqual(['Child 1', 'Child 2', 'Child 3']);
    expect(headerCell('Child Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(router.state.location.search).toContain('sort=name');
    await user.click(within(headerCell('Child Name')).getByRole('button'));
    await waitFor(() => expect(names()[0]).toBe('Child 12'));
    expect(headerCell('Child Name')).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toContain('sort=-name');
    await user.click(within(headerCell('Child Name')).getByRole('button'));
    await waitFor(() => expect(headerCell('Child Name')).toHaveAttribute('aria-sort', 'none'));
    expect(router.state.location.search).not.toContain('sort');
    expect(within(headerCell('Father Name')).queryByRole('button')).not.toBeInTheDocument();
  }, 30_000);

  it('every active filter is a chip that removes it; Clear all removes them all', async () => {
    const { router } = await listWith(25, '/child-registration?gender=Male&history_status=education&centerId=3');
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText('Gender: Male')).toBeInTheDocument();
    expect(within(chips).getByText('Present Status: education')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Gender: Male' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('gender'));
    expect(router.state.location.search).toContain('history_status=education');
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument());
    // The chips follow the address at once; the rows follow the live query after it.
    await waitFor(() => expect(screen.getByTestId('pagination-text')).toHaveTextContent('of 25'));
  }, 30_000);

  it('a center-bound user sees their center as a chip without a remove button', async () => {
    await listWith(6, '/child-registration?centerId=2&gender=Female', staffUser);
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText(/^Center Name: /)).toBeInTheDocument();
    expect(within(chips).queryByRole('button', { name: /^Remove filter Center Name/ })).not.toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Remove filter Gender: Female' })).toBeInTheDocument();
  });

  it('the column chooser hides a column, every spec column can come back, and the choice is remembered per user', async () => {
    const first = await listWith(3);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const address = await screen.findByRole('checkbox', { name: 'Address' });
    expect(screen.queryByRole('checkbox', { name: 'Child Name' })).not.toBeInTheDocument();
    await user.click(address);
    await user.click(screen.getByRole('checkbox', { name: 'Comment' }));
    await waitFor(() => expect(headerCell('Address')).toBeUndefined());
    expect(headerCell('Comment')).toBeUndefined();
    expect(headerCell('Child Name')).toBeDefined();
    first.unmount();

    renderChildrenAt('/child-registration');
    await screen.findByTestId('pagination-text');
    expect(headerCell('Address')).toBeUndefined();
    expect(headerCell('Phone No.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(headerCell('Address')).toBeDefined());
    expect(localStorage.getItem(`ashray.childList.hiddenColumns.${adminUser.id}`)).toBe('[]');
  }, 30_000);

  it('long text stays on one line with the whole text on hover; the name and the actions stay in view', async () => {
    await offlineDevice(adminUser);
    const address = 'House 12, Lane 4, behind the railway station, near the old bus stand, Howrah';
    await seedChildren([makeChild(1, { address })]);
    renderChildrenAt('/child-registration');
    const cell = await screen.findByTitle(address);
    expect(cell).toHaveTextContent(address);
    expect(cell.className).toMatch(/truncate|Text-root/);
    expect(headerCell('Child Name')).toHaveStyle({ position: 'sticky', left: '0px' });
    expect(headerCell('Action')).toHaveStyle({ position: 'sticky', right: '0px' });
  });

  it('on a phone the list is cards: photo, name, ids, center and Present Status, with the row actions', async () => {
    restore = onAPhone();
    await offlineDevice(adminUser);
    await seedChildren([makeChild(4, { center_data: { name: 'Howrah Shelter' } }), makeChild(5)]);
    renderChildrenAt('/child-registration');
    const list = await screen.findByRole('list', { name: 'Child Registration List' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent('Child 5');
    const second = within(list).getAllByRole('listitem')[1]!;
    expect(second).toHaveTextContent('SBT-4 · CWC/4');
    expect(second).toHaveTextContent('Howrah Shelter');
    expect(within(second).getByTestId('child-photo')).toBeInTheDocument();
    expect(within(second).getByText('Registration')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Edit Child 4' })).toBeInTheDocument();
    expect(within(second).getByRole('checkbox', { name: 'Select row 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
    expect(screen.getByTestId('pagination-text')).toHaveTextContent('Displaying 1 to 2 of 2');
  });
});
