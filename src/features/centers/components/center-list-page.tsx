import { useMemo, useState } from 'react';
import {
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import { centerTypeName, centerTypes, isAdministrator, messages, type LocalCenter } from '../../../../sync';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { DeleteAction, EditAction, ListHeader, NameCell, RowActions } from '../../../components/row-actions';
import { toast } from '../../../components/toast';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { useUser } from '../../../lib/use-store';
import { centerDeleteRefusal, deleteCenter } from '../hooks/save-center';
import { toggleCenterStatus } from '../hooks/toggle-status';
import { useCentersDetails, useCentersPage, usePullCenters } from '../hooks/use-centers';

const filterKeys = ['centertypeId', 'name'] as const;
const typeOptions = centerTypes.map((t) => ({ value: String(t.id), label: t.name }));
const tiles = [
  { key: 'total_centers', label: 'Total Centers' },
  { key: 'contact_point', label: 'Contact Point' },
  { key: 'open_shelter', label: 'Open Shelter' },
  { key: 'home', label: 'Home' },
  { key: 'child_help_line', label: 'Child Help Line' },
] as const;

function StatusToggle({ center, disabled }: { center: LocalCenter; disabled: boolean }) {
  const [shown, setShown] = useState<number | null>(null);
  const value = shown ?? Number(center.status);
  const change = async (on: boolean) => {
    setShown(on ? 1 : 0);
    const outcome = await toggleCenterStatus(center, on ? 1 : 0);
    setShown(null);
    if (outcome.ok) toast.success(outcome.message);
    else toast.error(outcome.message);
  };
  // Applied at once and put back if refused (part 1, section 6); what a tap will do is said first.
  const effect =
    value === 1
      ? 'Enabled. Tap to disable: the center is marked not in use; its children, users and records stay.'
      : 'Disabled. Tap to enable the center again.';
  return (
    <Tooltip label={effect} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Switch
        size="md"
        aria-label={`Status of ${center.name ?? ''}`}
        aria-description={effect}
        checked={value === 1}
        disabled={disabled}
        onChange={(e) => void change(e.currentTarget.checked)}
      />
    </Tooltip>
  );
}

/** /center-management: Center Details with the stat tiles, filters and the table, from the device. */
export function CenterListPage() {
  const navigate = useNavigate();
  const user = useUser();
  const canManage = isAdministrator(user);
  usePullCenters();
  const { page, filter, setPage, setFilter } = useListSearchParams(filterKeys);
  const [draft, setDraft] = useState<{ centertypeId: string; name: string }>({
    centertypeId: filter.centertypeId ?? '',
    name: filter.name ?? '',
  });
  const result = useCentersPage(filter, page);
  const details = useCentersDetails();

  const columns = useMemo<DataColumn<LocalCenter>[]>(
    () => [
      { key: 'type', header: 'Center Type', nowrap: true, render: (c) => centerTypeName(Number(c.centertypeId)) ?? '' },
      {
        key: 'name',
        header: 'Center Name',
        render: (c) => <NameCell name={c.name} state={c._sync} />,
      },
      { key: 'email', header: 'Center Email Id', render: (c) => c.email ?? '' },
      { key: 'address', header: 'Address', render: (c) => c.address ?? '' },
      { key: 'phone', header: 'Phone No.', nowrap: true, render: (c) => c.phone ?? '' },
      { key: 'status', header: 'Status', render: (c) => <StatusToggle center={c} disabled={!canManage} /> },
      {
        key: 'action',
        header: 'Action',
        render: (c) =>
          canManage && (
            <RowActions>
              <EditAction
                name={c.name}
                onClick={() => navigate('/center-management/add-center', { state: { center: c } })}
              />
              <DeleteAction
                name={c.name}
                title="Delete center"
                question={`Delete ${c.name ?? 'this center'}? This cannot be undone.`}
                success={messages.centerDeleted}
                onDelete={() => deleteCenter(c.cid)}
                refusal={() => centerDeleteRefusal(c)}
              />
            </RowActions>
          ),
      },
    ],
    [canManage, navigate],
  );

  return (
    <Stack>
      <ListHeader
        title="Center Details"
        addLabel="Add Center"
        canAdd={canManage}
        onAdd={() => navigate('/center-management/add-center')}
      />
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
        {tiles.map((tile) => (
          <Paper key={tile.key} withBorder p="md" data-testid={`center-tile-${tile.key}`}>
            <Text size="sm" c="dimmed">
              {tile.label}
            </Text>
            <Text fw={700} size="xl" data-testid="center-tile-value">
              {details ? details[tile.key] : '–'}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(draft);
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Center Type"
            size="md"
            data={typeOptions}
            value={draft.centertypeId || null}
            onChange={(v) => setDraft({ ...draft, centertypeId: v ?? '' })}
            clearable
          />
          <TextInput
            label="Center Name"
            size="md"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          <Button type="submit" size="md" variant="light">
            Search
          </Button>
          <Button
            size="md"
            variant="default"
            onClick={() => {
              setDraft({ centertypeId: '', name: '' });
              setFilter({});
            }}
          >
            Reset
          </Button>
        </Group>
      </form>
      {result === null ? (
        <Loader aria-label="Loading" />
      ) : (
        <DataTable<LocalCenter>
          label="Center Details"
          rows={result.rows}
          columns={columns}
          rowKey={(r) => r.cid}
          pagination={result.pagination}
          onPageChange={setPage}
        />
      )}
    </Stack>
  );
}
