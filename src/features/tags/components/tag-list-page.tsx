import { useMemo, useState } from 'react';
import { Loader, Stack } from '@mantine/core';
import { isAdministrator, messages, type LocalTag } from '../../../../sync';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { DeleteAction, EditAction, ListHeader, NameCell, RowActions } from '../../../components/row-actions';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { useUser } from '../../../lib/use-store';
import { deleteTag } from '../hooks/save-tag';
import { usePullTags, useTagsPage } from '../hooks/use-tags';
import { TagModal } from './tag-modal';

const noFilters = [] as const;
const pad = (n: number) => String(n).padStart(2, '0');
/** created_at as dd-MM-yyyy HH:mm in local time. */
export function showDateTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** /tag-management: Tag Details, from the device. */
export function TagListPage() {
  const canManage = isAdministrator(useUser());
  usePullTags();
  const { page, setPage } = useListSearchParams(noFilters);
  const result = useTagsPage(page);
  const [editing, setEditing] = useState<LocalTag | 'new' | null>(null);

  const columns = useMemo<DataColumn<LocalTag>[]>(
    () => [
      {
        key: 'name',
        header: 'Tag Name',
        render: (t) => <NameCell name={t.name} state={t._sync} />,
      },
      { key: 'created_at', header: 'Created Date Time', nowrap: true, render: (t) => showDateTime(t.created_at) },
      {
        key: 'action',
        header: 'Action',
        render: (t) =>
          canManage && (
            <RowActions>
              <EditAction name={t.name} onClick={() => setEditing(t)} />
              <DeleteAction name={t.name} title="Delete tag" question={`Delete ${t.name ?? 'this tag'}?`} success={messages.tagDeleted} onDelete={() => deleteTag(t.cid)} />
            </RowActions>
          ),
      },
    ],
    [canManage],
  );

  return (
    <Stack>
      <ListHeader title="Tag Details" addLabel="Add Tag" canAdd={canManage} onAdd={() => setEditing('new')} />
      {result === null ? (
        <Loader aria-label="Loading" />
      ) : (
        <DataTable<LocalTag> label="Tag Details" rows={result.rows} columns={columns} rowKey={(r) => r.cid} pagination={result.pagination} onPageChange={setPage} />
      )}
      {editing && <TagModal tag={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
