import { useState } from 'react';
import { Button, Group, Loader, Stack, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconPlus, IconBolt, IconStack2 } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { canBulkUpdate, childSortKeys, type ChildSort, type ChildSortKey, type LocalChild } from '../../../../sync';
import { DataTable, type TableSort } from '../../../components/data-table';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { useReturnFocus } from '../../../lib/return-focus';
import { useChildrenPage } from '../hooks/use-children';
import { useChildPermissions } from '../hooks/use-child-permissions';
import { centerOf, childColumns } from './child-columns';
import { ChildFiltersModal, childFilterKeys, toListFilter, type ChildFilterValues } from './child-filters-modal';
import { ChildCards } from './child-cards';
import { ActiveFilterChips, ChildSearchBox, ColumnChooser, useHiddenColumns } from './child-list-tools';
import { ChildRowActions } from './child-row-actions';
import { QuickAddModal } from './quick-add-modal';
import { BulkUpdateModal } from './bulk-update-modal';
import { useCenterNames } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

// The list's URL: the modal's filters, what was typed in the search box, and the sort ('name' or '-name').
const listKeys = [...childFilterKeys, 'q', 'sort'] as const;

const parseSort = (value: string | undefined): ChildSort | undefined => {
  const key = value?.replace(/^-/, '');
  return key && (childSortKeys as readonly string[]).includes(key)
    ? { key: key as ChildSortKey, dir: value!.startsWith('-') ? 'desc' : 'asc' }
    : undefined;
};

/** /child-registration: the Child Registration List, read from the device. */
export function ChildListPage() {
  const navigate = useNavigate();
  const { canView, canCreate, canEdit, canDelete } = useChildPermissions();
  const { page, filter: params, setPage, setFilter: setParams } = useListSearchParams(listKeys);
  const { q = '', sort: sortParam, ...filter } = params;
  const listFilter = toListFilter(filter);
  const sort = parseSort(sortParam);
  const { t, label, language } = useT();
  // Sorted by name, the list follows the alphabet of the language shown.
  const result = useChildrenPage({ filter: listFilter, search: q, sort, page, language });
  const setFilter = (next: ChildFilterValues) => setParams({ ...next, q, sort: sortParam });
  const setSearch = (text: string) => setParams({ ...filter, q: text, sort: sortParam }, { replace: true });
  const setSort = (next: TableSort | null) =>
    setParams({ ...filter, q, sort: next ? `${next.dir === 'desc' ? '-' : ''}${next.key}` : undefined });
  const centerNames = useCenterNames();
  const [hidden, setHidden] = useHiddenColumns();
  // Below the sm breakpoint (a phone) the list is cards, not a table wider than the screen.
  const phone = useMediaQuery(`(max-width: calc(${useMantineTheme().breakpoints.sm} - 0.01em))`, false, {
    getInitialValueInEffect: false,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [modal, setShownModal] = useState<'filters' | 'quick' | 'bulk' | null>(null);
  const focus = useReturnFocus();
  const setModal = (next: 'filters' | 'quick' | 'bulk' | null) => {
    if (next) focus.remember();
    else focus.giveBack();
    setShownModal(next);
  };

  const actions = (child: LocalChild) => (
    <ChildRowActions child={child} canView={canView} canEdit={canEdit} canDelete={canDelete} />
  );
  const columns = childColumns({ centerNames, actions, t, label });
  const shownColumns = columns.filter((c) => !hidden.has(c.key));
  // Rows are selected only for Bulk Update, which needs edit: a viewer has nothing to tick.
  const selection = canEdit ? { selected, onChange: setSelected } : undefined;

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('childList.title')}</Title>
        <Group gap="xs">
          <Button
            size="md"
            variant="default"
            leftSection={<IconFilter size={18} />}
            onClick={() => setModal('filters')}
          >
            {t('childList.filters')}
          </Button>
          {canCreate && (
            <Button
              size="md"
              leftSection={<IconPlus size={18} />}
              onClick={() => navigate('/child-registration/profile')}
            >
              {t('childList.addChild')}
            </Button>
          )}
          {canCreate && (
            <Button size="md" variant="light" leftSection={<IconBolt size={18} />} onClick={() => setModal('quick')}>
              {t('childList.quickAdd')}
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
              {t('childList.bulkUpdate')}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <ChildSearchBox value={q} onChange={setSearch} />
        {!phone && <ColumnChooser columns={columns} hidden={hidden} onChange={setHidden} />}
      </Group>
      <ActiveFilterChips
        filter={filter}
        centerNames={centerNames}
        onRemove={(key) => setFilter({ ...filter, [key]: undefined })}
        onClear={() => setFilter({})}
      />
      {result === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : phone ? (
        <ChildCards
          rows={result.rows}
          pagination={result.pagination}
          onPageChange={setPage}
          centerOf={(c) => centerOf(c, centerNames)}
          actions={actions}
          selection={selection}
        />
      ) : (
        <DataTable<LocalChild>
          label={t('childList.title')}
          rows={result.rows}
          columns={shownColumns}
          rowKey={(r) => r.cid}
          pagination={result.pagination}
          onPageChange={setPage}
          selection={selection}
          sort={sort ?? null}
          onSort={setSort}
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
