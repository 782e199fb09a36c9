import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CenterFilterSelect, FilterPanel, filterChips } from '../../../src/components/filter-panel';
import { render } from '../../render';
import { adminUser, freshDeviceSignedInAs, staffUser } from '../children/factories';
import { screenWidth } from '../../screen-width';

const labels = {
  centerId: { label: 'Center Name', value: (v: string) => (v === '3' ? 'Aman Open Shelter' : v) },
  from_date: { label: 'From Date' },
  to_date: { label: 'To Date' },
};

describe('the active filters of a part 2 list', () => {
  it('read in words, dates as the lists show them, and in the order of the panel', () => {
    const chips = filterChips({ to_date: '2026-03-31', centerId: '3' }, labels, () => undefined);
    expect(chips.map((c) => c.label)).toEqual(['Center Name: Aman Open Shelter', 'To Date: 31-03-2026']);
  });

  it("a chip drops its own filter; a bound user's center is a label, not a choice", () => {
    const onRemove = vi.fn();
    const chips = filterChips({ centerId: '3', from_date: '2026-03-01' }, labels, onRemove, ['centerId']);
    expect(chips[0]!.onRemove).toBeUndefined();
    chips[1]!.onRemove!();
    expect(onRemove).toHaveBeenCalledWith('from_date');
  });
});

describe('the filter panel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('from 576 px stands above the list with the chips under it', () => {
    screenWidth(1280);
    const onRemove = vi.fn();
    render(
      <FilterPanel chips={filterChips({ from_date: '2026-03-01' }, labels, onRemove)}>
        {() => <input aria-label="From Date" />}
      </FilterPanel>,
    );
    expect(screen.getByRole('textbox', { name: 'From Date' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter From Date: 01-03-2026' }));
    expect(onRemove).toHaveBeenCalledWith('from_date');
  });

  it('on a phone folds into a Filters button that opens it, and Search folds it away', async () => {
    screenWidth(390);
    render(
      <FilterPanel chips={filterChips({ centerId: '3' }, labels, () => undefined)}>
        {(done) => (
          <button type="button" onClick={done}>
            Search
          </button>
        )}
      </FilterPanel>,
    );
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove filter Center Name: Aman Open Shelter' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
  });
});

// Spec part 2 section 2: the Center Name select "is read-only unless the user's centerId is
// 1 (a center-bound user has it preset to their center)".
describe('the center select of a list filter', () => {
  const centers = [
    { value: '2', label: 'Howrah Shelter' },
    { value: '3', label: 'Aman Open Shelter' },
  ];

  /** Opens the select from the keyboard and takes its first option, as far as the select allows. */
  const chooseFirst = async (select: HTMLElement) => {
    fireEvent.keyDown(select, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(select, { key: 'Enter', code: 'Enter' });
  };

  it("shows a center-bound user's own center, and no choice, whatever the draft holds", async () => {
    await freshDeviceSignedInAs(staffUser);
    const onChange = vi.fn();
    render(<CenterFilterSelect label="Center Name" data={centers} value="" onChange={onChange} />);
    const select = screen.getByRole('textbox', { name: 'Center Name' });
    expect(select).toHaveValue('Aman Open Shelter');
    await chooseFirst(select);
    fireEvent.click(select);
    // Read-only: the list of centers never opens.
    for (const listbox of screen.queryAllByRole('listbox', { hidden: true }))
      expect(listbox.closest('[data-hidden]')).not.toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(select).toHaveValue('Aman Open Shelter');
  });

  it('lets the all-center user choose any center', async () => {
    await freshDeviceSignedInAs(adminUser);
    const onChange = vi.fn();
    function Draft() {
      const [value, setValue] = useState('');
      return (
        <CenterFilterSelect
          data={centers}
          value={value}
          onChange={(v) => {
            onChange(v);
            setValue(v);
          }}
        />
      );
    }
    render(<Draft />);
    const select = screen.getByRole('textbox', { name: 'Center' });
    expect(select).toHaveValue('');
    await chooseFirst(select);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2'));
    expect(select).toHaveValue('Howrah Shelter');
  });
});
