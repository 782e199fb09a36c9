import { useMemo, useState } from 'react';
import { Badge, Loader, Stack } from '@mantine/core';
import { isAdministrator, schemeStatusLabels, type LocalScheme } from '../../../../sync';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { EditAction, ListHeader, NameCell, RowActions } from '../../../components/row-actions';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { showDateTime } from '../../../lib/dates';
import { useUser } from '../../../lib/use-store';
import { usePullSchemes, useSchemesPage } from '../hooks/save-scheme';
import { SchemeModal } from './scheme-modal';
import { useT } from '../../../lib/i18n';

const noFilters = [] as const;
/** /sps-management: the social protection schemes, from the device. */
export function SchemeListPage() {
  const canManage = isAdministrator(useUser());
  usePullSchemes();
  const { page, setPage } = useListSearchParams(noFilters);
  const result = useSchemesPage(page);
  const [editing, setEditing] = useState<LocalScheme | 'new' | null>(null);
  const { t, label } = useT();

  const columns = useMemo<DataColumn<LocalScheme>[]>(
    () => [
      { key: 'name', header: t('admin.schemes.name'), render: (s) => <NameCell name={s.name} state={s._sync} /> },
      {
        key: 'status',
        header: t('admin.common.status'),
        render: (s) => {
          const active = Number(s.status ?? 1) === 1;
          return (
            // Active: white on teal-9, 5.0:1 (green's light badge was 3.7:1; WCAG AA asks 4.5:1).
            <Badge color={active ? 'teal.9' : 'gray'} variant={active ? 'filled' : 'light'}>
              {label(schemeStatusLabels[active ? 1 : 0])}
            </Badge>
          );
        },
      },
      {
        key: 'created_at',
        header: t('admin.common.createdAt'),
        nowrap: true,
        render: (s) => showDateTime(s.created_at),
      },
      {
        key: 'action',
        header: t('column.action'),
        render: (s) =>
          canManage && (
            <RowActions>
              <EditAction name={s.name} onClick={() => setEditing(s)} />
            </RowActions>
          ),
      },
    ],
    [canManage, t, label],
  );

  return (
    <Stack>
      <ListHeader
        title={t('admin.schemes.title')}
        addLabel={t('admin.common.add')}
        canAdd={canManage}
        onAdd={() => setEditing('new')}
      />
      {result === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <DataTable<LocalScheme>
          label={t('admin.schemes.title')}
          rows={result.rows}
          columns={columns}
          rowKey={(r) => r.cid}
          pagination={result.pagination}
          onPageChange={setPage}
        />
      )}
      {editing && <SchemeModal scheme={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
