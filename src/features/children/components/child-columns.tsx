import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { childSortKeys, codeLabel, cwcState, type LocalChild } from '../../../../sync';
import type { DataColumn } from '../../../components/data-table';
import { SyncBadge } from '../../../components/sync-badge';
import { ChildPhoto } from './child-photo';
import { PresentStatus } from './present-status';
import { showDate } from '../../../lib/dates';
import { showText } from './format';

type Context = { centerNames: Map<number, string>; actions: (child: LocalChild) => React.ReactNode };

/** One line per cell, so a row stays one line tall; the whole text shows on hover and in the profile. */
function OneLine({ value }: { value: string }) {
  return (
    <Text size="sm" truncate="end" maw={220} title={value || undefined}>
      {value}
    </Text>
  );
}

const sortable = new Set<string>(childSortKeys);
const text = (key: string, header: string, read: (c: LocalChild) => unknown): DataColumn<LocalChild> => ({
  key,
  header,
  nowrap: true,
  sortable: sortable.has(key),
  render: (c) => <OneLine value={showText(read(c))} />,
});
const date = (key: string, header: string, read: (c: LocalChild) => unknown): DataColumn<LocalChild> => ({
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
export function childColumns({ centerNames, actions }: Context): DataColumn<LocalChild>[] {
  const center = (c: LocalChild) => centerOf(c, centerNames);
  return [
    {
      key: 'name',
      header: 'Child Name',
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
                {cwcState(c)}
              </Badge>
              <Box style={{ flexShrink: 0 }}>
                <SyncBadge state={c._sync} />
              </Box>
            </Group>
          </Stack>
        </Group>
      ),
    },
    text('center', 'Center Name', center),
    text('uniqueId', 'SBT Unique ID', (c) => c.uniqueId),
    text('centerId', 'Centre ID', (c) => c.centerdetailId),
    text('gender', 'Gender', (c) => c.gender),
    text('age', 'Age', (c) => c.age),
    text('cwccaseno', 'CWC Case No.', (c) => c.cwccaseno),
    text('f_name', 'Father Name', (c) => c.f_name),
    text('state', 'State', (c) => c.state_data?.name),
    text('district', 'District', (c) => c.district_data?.name),
    text('address', 'Address', (c) => c.address),
    text('mobileno', 'Phone No.', (c) => c.mobileno),
    text('short_stay', 'Short Stay Center Name', (c) => c.short_stay),
    text('reference_type', 'Child Reference by', (c) => c.reference_type),
    date('dateofarrival', 'Arrival date', (c) => c.dateofarrival),
    date('refer', 'Refer from CWC Date', (c) => c.last_status?.refer),
    date('produce', 'CWC Produce Date', (c) => c.last_status?.produce),
    text('comment', 'Comment', (c) => c.last_status?.comment),
    text('case_type', 'Case Category', (c) => c.case_type),
    text('sps', 'Social protection scheme', (c) => c.last_status?.sps),
    text('medical', 'Medical issue', (c) => c.last_status?.medical),
    text('education', 'Education', (c) => codeLabel('education_type', c.last_status?.education)),
    text('mhp', 'MHP', (c) => c.last_status?.mhp),
    text('other', 'Others', (c) => c.last_status?.other),
    {
      key: 'status',
      header: 'Present Status',
      sortable: true,
      render: (c) => <PresentStatus status={c.last_status?.history_status} />,
    },
    { key: 'action', header: 'Action', sticky: 'right', render: actions },
  ];
}
