import { useMemo, useState } from 'react';
import { Loader, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { isAdministrator, messages, type LocalRole } from '../../../../sync';
import { DataTable, type DataColumn } from '../../../components/data-table';
import {
  DeleteAction,
  EditAction,
  IconAction,
  ListHeader,
  NameCell,
  RowActions,
} from '../../../components/row-actions';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { useUser } from '../../../lib/use-store';
import { deleteRole, roleDeleteRefusal } from '../hooks/save-role';
import { usePullRoles, useRolesPage } from '../hooks/use-roles';
import { PermissionModal } from './permission-modal';
import { RoleModal } from './role-modal';
import { useT } from '../../../lib/i18n';

const noFilters = [] as const;
type Dialog = { kind: 'role'; role?: LocalRole } | { kind: 'permission'; role: LocalRole } | null;

/** /roles-management: Roles Management List, from the device. */
export function RoleListPage() {
  const canManage = isAdministrator(useUser());
  usePullRoles();
  const { page, setPage } = useListSearchParams(noFilters);
  const result = useRolesPage(page);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { t } = useT();

  const columns = useMemo<DataColumn<LocalRole>[]>(
    () => [
      {
        key: 'name',
        header: t('admin.roles.name'),
        render: (r) => <NameCell name={r.name} state={r._sync} />,
      },
      {
        key: 'action',
        header: t('column.action'),
        render: (r) =>
          canManage && (
            <RowActions>
              <IconAction
                tooltip={t('admin.roles.setPermission')}
                label={t('admin.roles.setPermissionOf', { name: r.name ?? '' })}
                icon={<IconKey size={20} />}
                onClick={() => setDialog({ kind: 'permission', role: r })}
              />
              <EditAction name={r.name} onClick={() => setDialog({ kind: 'role', role: r })} />
              <DeleteAction
                name={r.name}
                title={t('admin.roles.delete')}
                question={t('admin.roles.deleteQuestion', { name: r.name ?? '' })}
                success={messages.roleDeleted}
                onDelete={() => deleteRole(r.cid)}
                refusal={() => roleDeleteRefusal(r)}
              />
            </RowActions>
          ),
      },
    ],
    [canManage, t],
  );

  return (
    <Stack>
      <ListHeader
        title={t('admin.roles.title')}
        addLabel={t('admin.roles.add')}
        canAdd={canManage}
        onAdd={() => setDialog({ kind: 'role' })}
      />
      {result === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <DataTable<LocalRole>
          label={t('admin.roles.title')}
          rows={result.rows}
          columns={columns}
          rowKey={(r) => r.cid}
          pagination={result.pagination}
          onPageChange={setPage}
        />
      )}
      {dialog?.kind === 'role' && <RoleModal role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'permission' && <PermissionModal role={dialog.role} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
