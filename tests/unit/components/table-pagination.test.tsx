import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { paginate } from '../../../sync/contract';
import { TablePagination } from '../../../src/components/table-pagination';
import { render } from '../../render';

describe('the pagination under every list (spec part 1, section 2)', () => {
  it("says 'Page X of Y | Displaying A to B of N' with first/previous/next/last", () => {
    render(<TablePagination pagination={paginate(45, 2)} onPageChange={() => undefined} />);
    expect(screen.getByTestId('pagination-text').textContent).toBe('Page 2 of 5 | Displaying 11 to 20 of 45');
    expect(screen.getByRole('button', { name: 'Last page' })).toBeTruthy();
  });

  it('while the total is counted, shows the rows the page holds and waits with its page buttons', () => {
    render(
      <TablePagination pagination={{ ...paginate(20, 2), from: 11, to: 20 }} onPageChange={() => undefined} counting />,
    );
    expect(screen.getByTestId('pagination-text').textContent).toBe('Page 2 | Displaying 11 to 20, counting the rest…');
    expect(screen.queryByRole('button', { name: 'Last page' })).toBeNull();
  });
});
