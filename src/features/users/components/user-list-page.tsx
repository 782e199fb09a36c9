import { useMemo, useState } from 'react';
import { Avatar, Badge, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { isAdministrator, isAllCenterUser, messages, type LocalUser } from '../../../../sync';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { SyncBadge } from '../../../components/sync-badge';
import { DeleteAction, EditAction, ListHeader, RowActions } from '../../../components/row-actions';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { showDate } from '../../../lib/dates';
import { useUser } from '../../../lib/use-store';
import { deleteUser } from '../hooks/save-user';
import { usePullUsers, useRoleOptions, useUserImage, useUsersPage } from '../hooks/use-users';
import { UserModal } from './user-modal';
import { useCenters } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

const filterKeys = ['centertypeId', 'role_id', 'name'] as const;

function UserName({ user }: { user: LocalUser }) {
  const src = useUserImage(user.image);
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={src} alt="" radius="xl" size="md">
        {(user.name ?? '?').slice(0, 1)}
      </Avatar>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {user.name}
      </Text>
      <SyncBadge state={user._sync} />
    </Group>
  );
}

/** /users-management: Users Management List with its filters, from the device. */
export function UserListPage() {
  const me = useUser();
  const canManage = isAdministrator(me);
  usePullUsers();
  const roles = useRoleOptions();
  const centers = useCenters();
  const { page, filter, setPage, setFilter } = useListSearchParams(filterKeys);
  // The center filter is read-only, preset to the user's own center, unless the user's
  // centerId is 1 (spec part 1, lists).
  const ownCenter = isAllCenterUser(me) ? null : String(me.centerId ?? '');
  const [draft, setDraft] = useState({
    centertypeId: ownCenter ?? filter.centertypeId ?? '',
    role_id: filter.role_id ?? '',
    name: filter.name ?? '',
  });
  const result = useUsersPage(ownCenter === null ? filter : { ...filter, centertypeId: ownCenter }, page);
  const [editing, setEditing] = useState<LocalUser | 'new' | null>(null);
  const { t, label } = useT();
  const roleNames = useMemo(() => new Map(roles.map((r) => [r.id, r.name])), [roles]);
  const centerNames = useMemo(() => new Map(centers.map((c) => [c.id, c.name])), [centers]);

  const columns = useMemo<DataColumn<LocalUser>[]>(
    () => [
      { key: 'name', header: t('admin.common.name'), render: (u) => <UserName user={u} /> },
      { key: 'email', header: t('admin.common.email'), render: (u) => u.email ?? '' },
      { key: 'mobile_number', header: t('admin.common.phone'), nowrap: true, render: (u) => u.mobile_number ?? '' },
      {
        key: 'role',
        header: t('admin.common.role'),
        render: (u) => u.role?.name ?? roleNames.get(Number(u.role_id)) ?? '',
      },
      {
        key: 'center',
        header: t('admin.common.center'),
        render: (u) => u.center_data?.name ?? centerNames.get(Number(u.centerId ?? u.centertypeId)) ?? '',
      },
      { key: 'join_date', header: t('admin.users.joinDate'), nowrap: true, render: (u) => showDate(u.join_date) },
      {
        key: 'status',
        header: t('admin.common.status'),
        render: (u) => (
          <Badge color={Number(u.status) === 1 ? 'green' : 'gray'}>
            {label(Number(u.status) === 1 ? 'Enable' : 'Disable')}
          </Badge>
        ),
      },
      {
        key: 'action',
        header: t('column.action'),
        render: (u) =>
          canManage && (
            <RowActions>
              <EditAction name={u.name} onClick={() => setEditing(u)} />
              {u.id !== me.id && (
                <DeleteAction
                  name={u.name}
                  title={t('admin.users.delete')}
                  question={t('admin.common.deleteNamed', { name: u.name ?? t('admin.users.this') })}
                  success={messages.userDeleted}
                  onDelete={() => deleteUser(u.cid)}
                />
              )}
            </RowActions>
          ),
      },
    ],
    [canManage, centerNames, me.id, roleNames, t, label],
  );

  return (
    <Stack>
      <ListHeader
        title={t('admin.users.title')}
        addLabel={t('admin.users.add')}
        canAdd={canManage}
        onAdd={() => setEditing('new')}
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(draft);
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('admin.common.center')}
            size="md"
            searchable
            clearable={ownCenter === null}
            readOnly={ownCenter !== null}
            data={centers.map((c) => ({ value: String(c.id), label: c.name }))}
            value={draft.centertypeId || null}
            onChange={(v) => setDraft({ ...draft, centertypeId: v ?? '' })}
          />
          <Select
            label={t('admin.common.role')}
            size="md"
            clearable
            data={roles.map((r) => ({ value: String(r.id), label: r.name }))}
            value={draft.role_id || null}
            onChange={(v) => setDraft({ ...draft, role_id: v ?? '' })}
          />
          <TextInput
            label={t('admin.common.name')}
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
              setDraft({ centertypeId: ownCenter ?? '', role_id: '', name: '' });
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
        <DataTable<LocalUser>
          label={t('admin.users.title')}
          rows={result.rows}
          columns={columns}
          rowKey={(r) => r.cid}
          pagination={result.pagination}
          onPageChange={setPage}
        />
      )}
      {editing && <UserModal user={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
