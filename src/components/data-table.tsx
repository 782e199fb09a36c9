import type { CSSProperties, ReactNode } from 'react';
import { Card, Group, Stack, Table, Text, UnstyledButton, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { messages, type Pagination } from '../../sync';
import { RowCheckbox } from './row-checkbox';
import { TablePagination } from './table-pagination';
import { useT } from '../lib/i18n';

export type DataColumn<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Keeps a column from wrapping (names, dates). */
  nowrap?: boolean;
  /** The header is a button that sorts the list by this column. */
  sortable?: boolean;
  /** Stays in view while the table scrolls sideways (a list's name and its actions). */
  sticky?: 'left' | 'right';
  /**
   * How the column shows on a phone's card: 'title' heads the card, 'actions' sits at its
   * foot, 'hidden' stays in the table only. Unset, the first column is the title, a column
   * keyed 'action' (or sticky right) is the actions, and the others are labelled lines.
   */
  card?: 'title' | 'actions' | 'hidden';
};

export type TableSort = { key: string; dir: 'asc' | 'desc' };

export type RowSelection = { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void };

type Props<T> = {
  label: string;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string;
  pagination: Pagination;
  onPageChange: (page: number) => void;
  /** The rows are shown while the list's total is still being counted. */
  counting?: boolean;
  /** Optional checkbox selection, shown after SL No. as the spec orders it. */
  selection?: RowSelection;
  /** The list's sort, and what a tap on a sortable header asks for (asc, then desc, then none). */
  sort?: TableSort | null;
  onSort?: (next: TableSort | null) => void;
};

const stickyStyle = (side: 'left' | 'right' | undefined): CSSProperties | undefined =>
  side && {
    position: 'sticky',
    [side]: 0,
    zIndex: 1,
    background: 'var(--mantine-color-body)',
    boxShadow: `${side === 'left' ? 1 : -1}px 0 0 var(--mantine-color-default-border)`,
  };

/** The next sort when a header is tapped: ascending, descending, then the list's own order. */
const nextSort = (current: TableSort | null | undefined, key: string): TableSort | null =>
  current?.key !== key ? { key, dir: 'asc' } : current.dir === 'asc' ? { key, dir: 'desc' } : null;

function SortHeader({ label, sort, onSort }: { label: ReactNode; sort: 'asc' | 'desc' | null; onSort: () => void }) {
  const Icon = sort === 'asc' ? IconArrowUp : sort === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton onClick={onSort} fw={700} fz="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      {label}
      <Icon size={14} aria-hidden opacity={sort ? 1 : 0.5} />
    </UnstyledButton>
  );
}

/** The columns of a card: its title, its labelled lines and its actions (see DataColumn.card). */
export function cardColumns<T>(columns: readonly DataColumn<T>[]) {
  const actions =
    columns.find((c) => c.card === 'actions') ??
    columns.find((c) => c.card === undefined && (c.key === 'action' || c.sticky === 'right'));
  const title = columns.find((c) => c.card === 'title') ?? columns.find((c) => c.card === undefined && c !== actions);
  const fields = columns.filter((c) => c !== actions && c !== title && c.card !== 'hidden' && c.card !== 'title');
  return { title, fields, actions };
}

/**
 * The scrolling box of a table that may be wider than the screen: a named region that
 * takes focus, so a keyboard user can scroll it sideways too (WCAG 2.1.1).
 */
export const scrollRegionProps = (label: string) => ({
  viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label },
});

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === false || value === '';

/** Below the xs breakpoint (576 px, a phone) a list is cards, not a table wider than the screen. */
export function usePhoneLayout(): boolean {
  const { breakpoints } = useMantineTheme();
  return useMediaQuery(`(max-width: calc(${breakpoints.xs} - 0.01em))`, false, { getInitialValueInEffect: false });
}

type CardsProps<T> = {
  label: string;
  rows: readonly T[];
  keys: readonly string[];
  columns: readonly DataColumn<T>[];
  from: number;
  selection?: RowSelection;
  toggle: (key: string) => void;
};

/**
 * The list on a phone, as the child list shows it: one card per row with its serial and
 * title, the fields its columns mark for a card as "Label value" lines, and the row's
 * actions, so nothing needs a sideways swipe.
 */
function DataCards<T>({ label, rows, keys, columns, from, selection, toggle }: CardsProps<T>) {
  const { title, fields, actions } = cardColumns(columns);
  const { t, message } = useT();
  // The empty state stands outside the list: a list holds only its items (WCAG 1.3.1).
  if (rows.length === 0)
    return (
      <Text ta="center" py="md">
        {message(messages.noRecords)}
      </Text>
    );
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {rows.map((row, i) => {
        const key = keys[i]!;
        const serial = from + i;
        const shown = fields.map((c) => ({ c, value: c.render(row) })).filter(({ value }) => !isEmpty(value));
        const rowActions = actions?.render(row);
        return (
          <Card key={key} withBorder padding="sm" role="listitem" data-testid="data-row">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              {selection && (
                <RowCheckbox
                  label={t('table.selectRow', { n: serial })}
                  checked={selection.selected.has(key)}
                  onChange={() => toggle(key)}
                />
              )}
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Group gap={6} wrap="nowrap" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text span c="dimmed" size="sm">
                    {serial}.
                  </Text>
                  <div style={{ minWidth: 0 }}>{title?.render(row)}</div>
                </Group>
                {shown.map(({ c, value }) => (
                  <Group key={c.key} gap={6} wrap="nowrap" align="baseline" fz="sm" data-card-field={c.key}>
                    <Text span size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                      {c.header}
                    </Text>
                    <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{value}</div>
                  </Group>
                ))}
              </Stack>
            </Group>
            {!isEmpty(rowActions) && (
              <Group justify="flex-end" mt={4} data-card-field="actions">
                {rowActions}
              </Group>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}

/**
 * The one table of every list: SL No. from the page's `from`, optional checkboxes,
 * 'No Records Found!' when empty, and the spec's pagination under it. Scrolls
 * sideways on a tablet instead of squeezing columns; on a phone it is cards (DataCards).
 */
export function DataTable<T>({
  label,
  rows,
  columns,
  rowKey,
  pagination,
  onPageChange,
  counting = false,
  selection,
  sort,
  onSort,
}: Props<T>) {
  const keys = rows.map(rowKey);
  const allSelected = keys.length > 0 && keys.every((k) => selection?.selected.has(k));
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const k of keys) {
      if (allSelected) next.delete(k);
      else next.add(k);
    }
    selection.onChange(next);
  };
  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  const span = columns.length + 1 + (selection ? 1 : 0);
  const phone = usePhoneLayout();
  const { t, message } = useT();

  if (phone)
    return (
      <Stack gap="sm">
        <DataCards
          label={label}
          rows={rows}
          keys={keys}
          columns={columns}
          from={pagination.from ?? 1}
          selection={selection}
          toggle={toggle}
        />
        <TablePagination pagination={pagination} onPageChange={onPageChange} counting={counting} />
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={720} scrollAreaProps={scrollRegionProps(label)}>
        <Table striped highlightOnHover withTableBorder verticalSpacing="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('table.slNo')}</Table.Th>
              {selection && (
                <Table.Th>
                  <RowCheckbox label={t('table.selectAll')} checked={allSelected} onChange={toggleAll} />
                </Table.Th>
              )}
              {columns.map((c) => {
                const dir = sort?.key === c.key ? sort.dir : null;
                return (
                  <Table.Th
                    key={c.key}
                    style={{ whiteSpace: 'nowrap', ...stickyStyle(c.sticky) }}
                    aria-sort={c.sortable && onSort ? (dir ? `${dir}ending` : 'none') : undefined}
                  >
                    {c.sortable && onSort ? (
                      <SortHeader label={c.header} sort={dir} onSort={() => onSort(nextSort(sort, c.key))} />
                    ) : (
                      c.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Text ta="center" py="md">
                    {message(messages.noRecords)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row, i) => {
              const key = keys[i]!;
              return (
                <Table.Tr key={key} data-testid="data-row">
                  <Table.Td>{(pagination.from ?? 1) + i}</Table.Td>
                  {selection && (
                    <Table.Td>
                      <RowCheckbox
                        label={t('table.selectRow', { n: (pagination.from ?? 1) + i })}
                        checked={selection.selected.has(key)}
                        onChange={() => toggle(key)}
                      />
                    </Table.Td>
                  )}
                  {columns.map((c) => (
                    <Table.Td
                      key={c.key}
                      style={{ ...(c.nowrap ? { whiteSpace: 'nowrap' } : undefined), ...stickyStyle(c.sticky) }}
                    >
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TablePagination pagination={pagination} onPageChange={onPageChange} counting={counting} />
    </Stack>
  );
}
