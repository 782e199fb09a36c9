import { Group, Pagination as MantinePagination, Text } from '@mantine/core';
import { PAGINATION_NEIGHBOURS, type Pagination } from '../../sync';

/** 'Page X of Y | Displaying A to B of N' (spec part 1, section 2). */
export const paginationText = (p: Pagination): string =>
  `Page ${p.current_page} of ${p.last_page} | Displaying ${p.from ?? 0} to ${p.to ?? 0} of ${p.total}`;

/** The same while the total is still being counted: the page's place only. */
export const countingText = (p: Pagination): string =>
  `Page ${p.current_page} | Displaying ${p.from ?? 0} to ${p.to ?? 0}, counting the rest…`;

const controlLabels = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** The spec's pagination: text, first/previous/next/last, up to 3 neighbouring pages with ellipses. */
export function TablePagination({
  pagination,
  onPageChange,
  counting = false,
}: {
  pagination: Pagination;
  onPageChange: (page: number) => void;
  /** The total is not known yet: the text says so and the page buttons wait for it. */
  counting?: boolean;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="pagination-text">
        {counting ? countingText(pagination) : paginationText(pagination)}
      </Text>
      {!counting && (
        <MantinePagination
          total={pagination.last_page}
          value={pagination.current_page}
          onChange={onPageChange}
          siblings={PAGINATION_NEIGHBOURS}
          boundaries={1}
          withEdges
          size="md"
          getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        />
      )}
    </Group>
  );
}
