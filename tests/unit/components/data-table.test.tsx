import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { paginate } from '../../../sync/contract';
import { cardColumns, DataTable, type DataColumn } from '../../../src/components/data-table';
import { render } from '../../render';
import { screenWidth } from '../../screen-width';

type Row = { id: string; name: string; status: string; comment: string; stamp: string };

const columns: DataColumn<Row>[] = [
  { key: 'stamp', header: 'Created At', render: (r) => r.stamp, card: 'hidden' },
  { key: 'name', header: 'Child Name', render: (r) => r.name, card: 'title' },
  { key: 'status', header: 'Status', render: (r) => r.status },
  { key: 'comment', header: 'Comment', render: (r) => r.comment },
  { key: 'action', header: 'Action', render: (r) => <button type="button">Edit {r.name}</button> },
];
const rows: Row[] = [
  { id: 'a', name: 'Raju', status: 'Active', comment: 'fever', stamp: '01-02-2026 10:00' },
  { id: 'b', name: 'Sita', status: 'Inactive', comment: '', stamp: '02-02-2026 10:00' },
];

const table = () =>
  render(
    <DataTable<Row>
      label="Notifications"
      rows={rows}
      columns={columns}
      rowKey={(r) => r.id}
      pagination={paginate(2, 1)}
      onPageChange={() => undefined}
    />,
  );

describe('the shared list on a phone (part 2 lists below 576 px)', () => {
  beforeEach(() => screenWidth(390));
  afterEach(() => vi.restoreAllMocks());

  it('is one card per row: serial and title, the card fields with their labels, and the row actions', () => {
    table();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('1.Raju');
    expect(cards[0]!.textContent).toContain('StatusActive');
    expect(cards[0]!.textContent).toContain('Commentfever');
    expect(within(cards[0]!).getByRole('button', { name: 'Edit Raju' })).toBeTruthy();
    // A column kept off the card, and an empty field, are not shown.
    expect(cards[0]!.textContent).not.toContain('Created At');
    expect(cards[1]!.textContent).not.toContain('Comment');
    expect(screen.getByTestId('pagination-text').textContent).toBe('Page 1 of 1 | Displaying 1 to 2 of 2');
  });

  it('says No Records Found! when the page is empty', () => {
    render(
      <DataTable<Row>
        label="Notifications"
        rows={[]}
        columns={columns}
        rowKey={(r) => r.id}
        pagination={paginate(0, 1)}
        onPageChange={() => undefined}
      />,
    );
    expect(screen.getByText('No Records Found!')).toBeTruthy();
    // A list holds only its items: the empty state stands outside any list.
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('the shared list from 576 px', () => {
  beforeEach(() => screenWidth(768));
  afterEach(() => vi.restoreAllMocks());

  it('is the table with every column', () => {
    table();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['SL No.', 'Created At', 'Child Name', 'Status', 'Comment', 'Action']);
    expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull();
  });

  it("scrolls sideways in a named region a keyboard can reach (the table's own name)", () => {
    table();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Notifications' })).toBeTruthy();
  });
});

describe('which columns a card shows', () => {
  it('without marks: the first column is the title, the action column the actions, the rest lines', () => {
    const plain = columns.map(({ card: _card, ...c }) => c);
    const { title, fields, actions } = cardColumns(plain);
    expect(title?.key).toBe('stamp');
    expect(actions?.key).toBe('action');
    expect(fields.map((c) => c.key)).toEqual(['name', 'status', 'comment']);
  });

  it('with marks: the marked title, no hidden column', () => {
    const { title, fields, actions } = cardColumns(columns);
    expect(title?.key).toBe('name');
    expect(actions?.key).toBe('action');
    expect(fields.map((c) => c.key)).toEqual(['status', 'comment']);
  });
});
