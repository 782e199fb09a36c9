import { Badge, Box, Card, Group, Stack, Text } from '@mantine/core';
import { cwcState, messages, type LocalChild, type Pagination } from '../../../../sync';
import type { RowSelection } from '../../../components/data-table';
import { RowCheckbox } from '../../../components/row-checkbox';
import { SyncBadge } from '../../../components/sync-badge';
import { TablePagination } from '../../../components/table-pagination';
import { ChildPhoto } from './child-photo';
import { PresentStatus } from './present-status';
import { useT } from '../../../lib/i18n';

type Props = {
  rows: readonly LocalChild[];
  pagination: Pagination;
  onPageChange: (page: number) => void;
  centerOf: (child: LocalChild) => string;
  actions: (child: LocalChild) => React.ReactNode;
  selection?: RowSelection;
};

/**
 * The Child Registration List on a phone: one card per child with what a field worker
 * scans for (photo, name, SBT Unique ID, case no., center, Present Status) and the row's
 * actions, instead of a table wider than the screen. Every column stays in the profile,
 * and in the table on a wider screen.
 */
export function ChildCards({ rows, pagination, onPageChange, centerOf, actions, selection }: Props) {
  const { t, label, message } = useT();
  return (
    <Stack gap="sm">
      <Stack gap="xs" role="list" aria-label={t('childList.title')}>
        {rows.length === 0 && (
          <Text ta="center" py="md">
            {message(messages.noRecords)}
          </Text>
        )}
        {rows.map((child, i) => {
          const serial = (pagination.from ?? 1) + i;
          const ids = [child.uniqueId, child.cwccaseno].filter(Boolean).join(' · ');
          return (
            <Card key={child.cid} withBorder padding="sm" role="listitem" data-testid="data-row">
              <Group wrap="nowrap" align="flex-start" gap="sm">
                {selection && (
                  <RowCheckbox
                    label={t('table.selectRow', { n: serial })}
                    checked={selection.selected.has(child.cid)}
                    onChange={() => {
                      const next = new Set(selection.selected);
                      if (next.has(child.cid)) next.delete(child.cid);
                      else next.add(child.cid);
                      selection.onChange(next);
                    }}
                  />
                )}
                <ChildPhoto image={child.image} name={child.name ?? ''} size={48} />
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} truncate="end">
                    <Text span c="dimmed" size="sm" mr={6}>
                      {serial}.
                    </Text>
                    {child.name}
                  </Text>
                  {ids && (
                    <Text size="sm" truncate="end">
                      {ids}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed" truncate="end">
                    {centerOf(child)}
                  </Text>
                  <Group gap={6} mt={4}>
                    <PresentStatus status={child.last_status?.history_status} />
                    <Badge size="sm" variant="outline" color="gray" tt="none">
                      {label(cwcState(child))}
                    </Badge>
                    <Box>
                      <SyncBadge state={child._sync} />
                    </Box>
                  </Group>
                </Stack>
              </Group>
              <Group justify="flex-end" mt={4}>
                {actions(child)}
              </Group>
            </Card>
          );
        })}
      </Stack>
      <TablePagination pagination={pagination} onPageChange={onPageChange} />
    </Stack>
  );
}
