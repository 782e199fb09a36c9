import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { childSortKeys, codeLabel, cwcState, type LocalChild } from '../../../../sync';
import type { DataColumn } from '../../../components/data-table';
import { SyncBadge } from '../../../components/sync-badge';
import { ChildPhoto } from './child-photo';
import { PresentStatus } from './present-status';
import { showDate } from '../../../lib/dates';
import { showText } from './format';
import type { TextKey } from '../../../../sync/shell';

/** A column's key: its header is the catalogue's `column.<key>`. */
type ColumnKey = TextKey extends infer K ? (K extends `column.${infer C}` ? C : never) : never;

type Context = {
  centerNames: Map<number, string>;
  actions: (child: LocalChild) => React.ReactNode;
  /** The screen's words in the language shown (src/lib/i18n.ts). */
  t: (key: TextKey) => string;
  /** A contract label (a gender, a case category, a CWC state) in the language shown. */
  label?: (english: string) => string;
};

/** One line per cell, so a row stays one line tall; the whole text shows on hover and in the profile. */
function OneLine({ value }: { value: string }) {
  return (
    <Text size="sm" truncate="end" maw={220} title={value || undefined}>
      {value}
    </Text>
  );
}

const sortable = new Set<string>(childSortKeys);
const textColumn = (key: string, header: string, read: (c: LocalChild) => unknown): DataColumn<LocalChild> => ({
  key,
  header,
  nowrap: true,
  sortable: sortable.has(key),
  render: (c) => <OneLine value={showText(read(c))} />,
});
const dateColumn = (key: string, header: string, read: (c: LocalChild) => unknown): DataColumn<LocalChild> => ({
  key,
  header,
  nowrap: true,
  sortable: sortable.has(key),
  render: (c) => showDate(read(c)),
});

/** A child's center name: the record's own, else the device's center list. */
export const centerOf = (c: LocalChild, centerNames: Map<number, string>) =>
  c.center_data?.name ?? centerNames.get(Number(c.centerdetailId)) ?? '';

/** The columns a user may hide (the name and the actions always show). */
export const hideableColumns = (columns: readonly DataColumn<LocalChild>[]) =>
  columns.filter((c) => c.key !== 'name' && c.key !== 'action');

/** The list's columns after SL No. and the checkbox, in the spec's order (part 1, section 2). */
export function childColumns({ centerNames, actions, t, label = (l) => l }: Context): DataColumn<LocalChild>[] {
  const center = (c: LocalChild) => centerOf(c, centerNames);
  const text = (key: ColumnKey, read: (c: LocalChild) => unknown) => textColumn(key, t(`column.${key}`), read);
  const date = (key: ColumnKey, read: (c: LocalChild) => unknown) => dateColumn(key, t(`column.${key}`), read);
  return [
    {
      key: 'name',
      header: t('column.name'),
      sortable: true,
      sticky: 'left',
      render: (c) => (
        <Group gap="sm" wrap="nowrap">
          <ChildPhoto image={c.image} name={c.name ?? ''} />
          <Stack gap={2}>
            <Text size="sm" fw={500} truncate="end" maw={200} title={c.name ?? undefined}>
              {c.name}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Badge size="xs" variant="outline" color="gray" tt="none" style={{ flexShrink: 0 }}>
                {label(cwcState(c))}
              </Badge>
              <Box style={{ flexShrink: 0 }}>
                <SyncBadge state={c._sync} />
              </Box>
            </Group>
          </Stack>
        </Group>
      ),
    },
    text('center', center),
    text('uniqueId', (c) => c.uniqueId),
    text('centerId', (c) => c.centerdetailId),
    text('gender', (c) => (c.gender ? label(c.gender) : c.gender)),
    text('age', (c) => c.age),
    text('cwccaseno', (c) => c.cwccaseno),
    text('f_name', (c) => c.f_name),
    text('state', (c) => c.state_data?.name),
    text('district', (c) => c.district_data?.name),
    text('address', (c) => c.address),
    text('mobileno', (c) => c.mobileno),
    text('short_stay', (c) => c.short_stay),
    text('reference_type', (c) => (c.reference_type ? label(c.reference_type) : c.reference_type)),
    date('dateofarrival', (c) => c.dateofarrival),
    date('refer', (c) => c.last_status?.refer),
    date('produce', (c) => c.last_status?.produce),
    text('comment', (c) => c.last_status?.comment),
    text('case_type', (c) => (c.case_type ? label(c.case_type) : c.case_type)),
    text('sps', (c) => c.last_status?.sps),
    text('medical', (c) => c.last_status?.medical),
    text('education', (c) => label(codeLabel('education_type', c.last_status?.education))),
    text('mhp', (c) => c.last_status?.mhp),
    text('other', (c) => c.last_status?.other),
    {
      key: 'status',
      header: t('column.status'),
      sortable: true,
      render: (c) => <PresentStatus status={c.last_status?.history_status} />,
    },
    { key: 'action', header: t('column.action'), sticky: 'right', render: actions },
  ];
}
