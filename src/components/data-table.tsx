import type { ReactNode } from 'react';
import { Checkbox, Stack, Table, Text } from '@mantine/core';
import { messages, type Pagination } from '../../sync';
import { TablePagination } from './table-pagination';

export type DataColumn<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Keeps a column from wrapping (names, dates). */
  nowrap?: boolean;
};

export type RowSelection = { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void };

type Props<T> = {
  label: string;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string;
  pagination: Pagination;
  onPageChange: (page: number) => void;
  /** Optional checkbox selection, shown after SL No. as the spec orders it. */
  selection?: RowSelection;
};

/**
 * The one table of every list: SL No. from the page's `from`, optional checkboxes,
 * 'No Records Found!' when empty, and the spec's pagination under it. Scrolls
 * sideways on narrow screens instead of squeezing columns.
 */
export function DataTable<T>({ label, rows, columns, rowKey, pagination, onPageChange, selection }: Props<T>) {
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

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover withTableBorder verticalSpacing="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>SL No.</Table.Th>
              {selection && (
                <Table.Th>
                  <Checkbox aria-label="Select all rows" checked={allSelected} onChange={toggleAll} size="md" />
                </Table.Th>
              )}
              {columns.map((c) => (
                <Table.Th key={c.key} style={{ whiteSpace: 'nowrap' }}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <Text ta="center" py="md">
                    {messages.noRecords}
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
                      <Checkbox
                        aria-label={`Select row ${(pagination.from ?? 1) + i}`}
                        checked={selection.selected.has(key)}
                        onChange={() => toggle(key)}
                        size="md"
                      />
                    </Table.Td>
                  )}
                  {columns.map((c) => (
                    <Table.Td key={c.key} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TablePagination pagination={pagination} onPageChange={onPageChange} />
    </Stack>
  );
}
