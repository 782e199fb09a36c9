import { Group, Pagination as MantinePagination, Text } from '@mantine/core';
import { PAGINATION_NEIGHBOURS, type Pagination } from '../../sync';
import { useT } from '../lib/i18n';
import type { TextKey } from '../../sync/shell';

// 'Page X of Y | Displaying A to B of N' (spec part 1, section 2): the catalogue's pagination.text.
const controlLabels = {
  first: 'pagination.first',
  previous: 'pagination.previous',
  next: 'pagination.next',
  last: 'pagination.last',
} as const satisfies Record<string, TextKey>;

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
  const { t } = useT();
  const place = { page: pagination.current_page, from: pagination.from ?? 0, to: pagination.to ?? 0 };
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="pagination-text">
        {counting
          ? t('pagination.counting', place)
          : t('pagination.text', { ...place, last: pagination.last_page, total: pagination.total })}
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
          getControlProps={(control) => ({ 'aria-label': t(controlLabels[control]) })}
          getItemProps={(page) => ({ 'aria-label': t('pagination.page', { page }) })}
        />
      )}
    </Group>
  );
}
