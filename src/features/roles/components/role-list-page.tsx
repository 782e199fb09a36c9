import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Loader, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { isAdministrator, messages, type LocalRole } from '../../../../sync';
import { ConfirmButton } from '../../../components/confirm-button';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { SyncBadge } from '../../../components/sync-badge';
import { toast } from '../../../components/toast';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { useUser } from '../../../lib/use-store';
import { deleteRole } from '../hooks/save-role';
import { usePullRoles, useRolesPage } from '../hooks/use-roles';
import { PermissionModal } from './permission-modal';
import { RoleModal } from './role-modal';

const noFilters = [] as const;
type Dialog = { kind: 'role'; role?: LocalRole } | { kind: 'permission'; role: LocalRole } | null;

/** /roles-management: Roles Management List, from the device. */
export function RoleListPage() {
  const canManage = isAdministrator(useUser());
  usePullRoles();
  const { page, setPage } = useListSearchParams(noFilters);
  const result = useRolesPage(page);
  const [dialog, setDialog] = useState<Dialog>(null);

  const columns = useMemo<DataColumn<LocalRole>[]>(
    () => [
      {
        key: 'name',
        header: 'Role Name',
        render: (r) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{r.name}</Text>
            <SyncBadge state={r._sync} />
          </Group>
        ),
      },
      {
        key: 'action',
        header: 'Action',
        render: (r) =>
          canManage && (
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Set Permission">
                <ActionIcon variant="subtle" size="lg" aria-label={`Set permission of ${r.name ?? ''}`} onClick={() => setDialog({ kind: 'permission', role: r })}>
                  <IconKey size={20} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Edit">
                <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${r.name ?? ''}`} onClick={() => setDialog({ kind: 'role', role: r })}>
                  <IconEdit size={20} />
                </ActionIcon>
              </Tooltip>
              <ConfirmButton
                variant="subtle"
                color="red"
                size="compact-md"
                label={
                  <>
                    <IconTrash size={20} />
                    <VisuallyHidden>Delete {r.name ?? ''}</VisuallyHidden>
                  </>
                }
                title="Delete role"
                question={`Delete the role ${r.name ?? ''}?`}
                confirmLabel="Delete"
                onConfirm={async () => {
                  const outcome = await deleteRole(r.cid);
                  if (outcome.ok) toast.success(messages.roleDeleted);
                  else toast.error(outcome.message);
                }}
              />
            </Group>
          ),
      },
    ],
    [canManage],
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Roles Management List</Title>
        {canManage && (
          <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'role' })}>
            Add Role
          </Button>
        )}
      </Group>
      {result === null ? (
        <Loader aria-label="Loading" />
      ) : (
        <DataTable<LocalRole> label="Roles Management List" rows={result.rows} columns={columns} rowKey={(r) => r.cid} pagination={result.pagination} onPageChange={setPage} />
      )}
      {dialog?.kind === 'role' && <RoleModal role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'permission' && <PermissionModal role={dialog.role} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
