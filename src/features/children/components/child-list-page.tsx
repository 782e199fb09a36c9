import { useMemo, useState } from 'react';
import { Button, Group, Loader, Stack, Title } from '@mantine/core';
import { IconFilter, IconPlus, IconBolt, IconStack2 } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { canBulkUpdate, type LocalChild } from '../../../../sync';
import { DataTable } from '../../../components/data-table';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { useReturnFocus } from '../../../lib/return-focus';
import { useCenterNames, useChildrenPage } from '../hooks/use-children';
import { useChildPermissions } from '../hooks/use-child-permissions';
import { childColumns } from './child-columns';
import { ChildFiltersModal, childFilterKeys, toListFilter } from './child-filters-modal';
import { ChildRowActions } from './child-row-actions';
import { QuickAddModal } from './quick-add-modal';
import { BulkUpdateModal } from './bulk-update-modal';

/** /child-registration: the Child Registration List, read from the device. */
export function ChildListPage() {
  const navigate = useNavigate();
  const { canView, canCreate, canEdit, canDelete } = useChildPermissions();
  const { page, filter, setPage, setFilter } = useListSearchParams(childFilterKeys);
  const listFilter = useMemo(() => toListFilter(filter), [filter]);
  const result = useChildrenPage(listFilter, page);
  const centerNames = useCenterNames();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [modal, setShownModal] = useState<'filters' | 'quick' | 'bulk' | null>(null);
  const focus = useReturnFocus();
  const setModal = (next: 'filters' | 'quick' | 'bulk' | null) => {
    if (next) focus.remember();
    else focus.giveBack();
    setShownModal(next);
  };

  const columns = useMemo(
    () =>
      childColumns({
        centerNames,
        actions: (child) => <ChildRowActions child={child} canView={canView} canEdit={canEdit} canDelete={canDelete} />,
      }),
    [centerNames, canView, canEdit, canDelete],
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Child Registration List</Title>
        <Group gap="xs">
          <Button
            size="md"
            variant="default"
            leftSection={<IconFilter size={18} />}
            onClick={() => setModal('filters')}
          >
            Filters
          </Button>
          {canCreate && (
            <Button
              size="md"
              leftSection={<IconPlus size={18} />}
              onClick={() => navigate('/child-registration/profile')}
            >
              Add Child
            </Button>
          )}
          {canCreate && (
            <Button size="md" variant="light" leftSection={<IconBolt size={18} />} onClick={() => setModal('quick')}>
              Quick Add
            </Button>
          )}
          {canEdit && (
            <Button
              size="md"
              variant="light"
              leftSection={<IconStack2 size={18} />}
              disabled={!canBulkUpdate(selected.size)}
              onClick={() => setModal('bulk')}
            >
              Bulk Update
            </Button>
          )}
        </Group>
      </Group>
      {result === null ? (
        <Loader aria-label="Loading" />
      ) : (
        <DataTable<LocalChild>
          label="Child Registration List"
          rows={result.rows}
          columns={columns}
          rowKey={(r) => r.cid}
          pagination={result.pagination}
          onPageChange={setPage}
          // Rows are selected only for Bulk Update, which needs edit: a viewer has nothing to tick.
          selection={canEdit ? { selected, onChange: setSelected } : undefined}
        />
      )}
      <ChildFiltersModal
        opened={modal === 'filters'}
        onClose={() => setModal(null)}
        value={filter}
        onSearch={setFilter}
      />
      {modal === 'quick' && <QuickAddModal onClose={() => setModal(null)} />}
      {modal === 'bulk' && (
        <BulkUpdateModal
          cids={[...selected]}
          onClose={() => setModal(null)}
          onDone={() => {
            setSelected(new Set());
            setModal(null);
          }}
        />
      )}
    </Stack>
  );
}
