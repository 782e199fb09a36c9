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
  const roleNames = useMemo(() => new Map(roles.map((r) => [r.id, r.name])), [roles]);
  const centerNames = useMemo(() => new Map(centers.map((c) => [c.id, c.name])), [centers]);

  const columns = useMemo<DataColumn<LocalUser>[]>(
    () => [
      { key: 'name', header: 'Name', render: (u) => <UserName user={u} /> },
      { key: 'email', header: 'Email', render: (u) => u.email ?? '' },
      { key: 'mobile_number', header: 'Phone No.', nowrap: true, render: (u) => u.mobile_number ?? '' },
      { key: 'role', header: 'Role', render: (u) => u.role?.name ?? roleNames.get(Number(u.role_id)) ?? '' },
      {
        key: 'center',
        header: 'Center',
        render: (u) => u.center_data?.name ?? centerNames.get(Number(u.centerId ?? u.centertypeId)) ?? '',
      },
      { key: 'join_date', header: 'Join Date', nowrap: true, render: (u) => showDate(u.join_date) },
      {
        key: 'status',
        header: 'Status',
        render: (u) => (
          <Badge color={Number(u.status) === 1 ? 'green' : 'gray'}>
            {Number(u.status) === 1 ? 'Enable' : 'Disable'}
          </Badge>
        ),
      },
      {
        key: 'action',
        header: 'Action',
        render: (u) =>
          canManage && (
            <RowActions>
              <EditAction name={u.name} onClick={() => setEditing(u)} />
              {u.id !== me.id && (
                <DeleteAction
                  name={u.name}
                  title="Delete user"
                  question={`Delete ${u.name ?? 'this user'}?`}
                  success={messages.userDeleted}
                  onDelete={() => deleteUser(u.cid)}
                />
              )}
            </RowActions>
          ),
      },
    ],
    [canManage, centerNames, me.id, roleNames],
  );

  return (
    <Stack>
      <ListHeader
        title="Users Management List"
        addLabel="Add User"
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
            label="Center"
            size="md"
            searchable
            clearable={ownCenter === null}
            readOnly={ownCenter !== null}
            data={centers.map((c) => ({ value: String(c.id), label: c.name }))}
            value={draft.centertypeId || null}
            onChange={(v) => setDraft({ ...draft, centertypeId: v ?? '' })}
          />
          <Select
            label="Role"
            size="md"
            clearable
            data={roles.map((r) => ({ value: String(r.id), label: r.name }))}
            value={draft.role_id || null}
            onChange={(v) => setDraft({ ...draft, role_id: v ?? '' })}
          />
          <TextInput
            label="Name"
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
              setDraft({ centertypeId: ownCenter ?? '', role_id: '', name: '' });
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
        <DataTable<LocalUser>
          label="Users Management List"
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
