import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { cardColumns } from '../../../src/components/data-table';
import { exitColumns } from '../../../src/features/exits/components/exit-columns';
import { render } from '../../render';

describe('exit list columns (part 2 section 2; the columns are ours, see README)', () => {
  it("end with go-to, the one row action of a list that only reads: the entry's child's profile", () => {
    const columns = exitColumns(['child_name', 'transfer_date'], new Map());
    expect(columns.map((c) => c.header)).toEqual(['Child Name', 'Date', 'Action']);
    const row = { cid: 'h1', id: 9, childregId: 41, child: { cid: 'c41', id: 41, name: 'Raju' } };
    render(<>{columns.at(-1)!.render(row)}</>);
    expect(screen.getByRole('link', { name: 'Go to Raju' }).getAttribute('href')).toBe(
      '/child-registration/profile?child=41&mode=view',
    );
  });
});

describe('exit list cards on a phone', () => {
  it("head the card with the child's name, keep the ids and stamps off it and end with go-to", () => {
    const columns = exitColumns(
      ['child_name', 'uniqueId', 'aadharno', 'center', 'exit_type', 'transfer_date', 'recorded_by', 'created_at'],
      new Map(),
    );
    const { title, fields, actions } = cardColumns(columns);
    expect(title?.key).toBe('child_name');
    expect(fields.map((c) => c.key)).toEqual(['uniqueId', 'center', 'exit_type', 'transfer_date']);
    expect(actions?.key).toBe('action');
  });
});
