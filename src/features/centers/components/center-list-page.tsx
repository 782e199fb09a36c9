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
import { useT } from '../../../lib/i18n';

const filterKeys = ['centertypeId', 'name'] as const;
// The tiles after Total Centers are the center types, named as the contract names them.
const tiles = [
  { key: 'total_centers' },
  { key: 'contact_point', type: 1 },
  { key: 'open_shelter', type: 2 },
  { key: 'home', type: 3 },
  { key: 'child_help_line', type: 4 },
] as const;

function StatusToggle({ center, disabled }: { center: LocalCenter; disabled: boolean }) {
  const [shown, setShown] = useState<number | null>(null);
  const value = shown ?? Number(center.status);
  const { t } = useT();
  const change = async (on: boolean) => {
    setShown(on ? 1 : 0);
    const outcome = await toggleCenterStatus(center, on ? 1 : 0);
    setShown(null);
    if (outcome.ok) toast.success(outcome.message);
    else toast.error(outcome.message);
  };
  // Applied at once and put back if refused (part 1, section 6); what a tap will do is said first.
  const effect = t(value === 1 ? 'admin.centers.enabled' : 'admin.centers.disabled');
  return (
    <Tooltip label={effect} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Switch
        size="md"
        aria-label={t('admin.centers.statusOf', { name: center.name ?? '' })}
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
  const { t, label } = useT();
  const typeOptions = centerTypes.map((type) => ({ value: String(type.id), label: label(type.name) }));

  const columns = useMemo<DataColumn<LocalCenter>[]>(
    () => [
      {
        key: 'type',
        header: t('admin.centers.type'),
        nowrap: true,
        render: (c) => label(centerTypeName(Number(c.centertypeId)) ?? ''),
      },
      {
        key: 'name',
        header: t('admin.common.centerName'),
        render: (c) => <NameCell name={c.name} state={c._sync} />,
      },
      { key: 'email', header: t('admin.centers.email'), render: (c) => c.email ?? '' },
      { key: 'address', header: t('admin.common.address'), render: (c) => c.address ?? '' },
      { key: 'phone', header: t('admin.common.phone'), nowrap: true, render: (c) => c.phone ?? '' },
      {
        key: 'status',
        header: t('admin.common.status'),
        render: (c) => <StatusToggle center={c} disabled={!canManage} />,
      },
      {
        key: 'action',
        header: t('column.action'),
        render: (c) =>
          canManage && (
            <RowActions>
              <EditAction
                name={c.name}
                onClick={() => navigate('/center-management/add-center', { state: { center: c } })}
              />
              <DeleteAction
                name={c.name}
                title={t('admin.centers.delete')}
                question={t('admin.centers.deleteQuestion', { name: c.name ?? t('admin.centers.this') })}
                success={messages.centerDeleted}
                onDelete={() => deleteCenter(c.cid)}
                refusal={() => centerDeleteRefusal(c)}
              />
            </RowActions>
          ),
      },
    ],
    [canManage, navigate, t, label],
  );

  return (
    <Stack>
      <ListHeader
        title={t('admin.centers.title')}
        addLabel={t('admin.centers.add')}
        canAdd={canManage}
        onAdd={() => navigate('/center-management/add-center')}
      />
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
        {tiles.map((tile) => (
          <Paper key={tile.key} withBorder p="md" data-testid={`center-tile-${tile.key}`}>
            <Text size="sm" c="dimmed">
              {'type' in tile ? label(centerTypeName(tile.type) ?? '') : t('admin.centers.totalCenters')}
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
            label={t('admin.centers.type')}
            size="md"
            data={typeOptions}
            value={draft.centertypeId || null}
            onChange={(v) => setDraft({ ...draft, centertypeId: v ?? '' })}
            clearable
          />
          <TextInput
            label={t('admin.common.centerName')}
            size="md"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          <Button type="submit" size="md" variant="light">
            {t('common.search')}
          </Button>
          <Button
            size="md"
            variant="default"
            onClick={() => {
              setDraft({ centertypeId: '', name: '' });
              setFilter({});
            }}
          >
            {t('common.reset')}
          </Button>
        </Group>
      </form>
      {result === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <DataTable<LocalCenter>
          label={t('admin.centers.title')}
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
