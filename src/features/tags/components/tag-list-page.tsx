import { useMemo, useState } from 'react';
import { Loader, Stack } from '@mantine/core';
import { isAdministrator, messages, type LocalTag } from '../../../../sync';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { DeleteAction, EditAction, ListHeader, NameCell, RowActions } from '../../../components/row-actions';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { showDateTime } from '../../../lib/dates';
import { useUser } from '../../../lib/use-store';
import { deleteTag } from '../hooks/save-tag';
import { usePullTags, useTagsPage } from '../hooks/use-tags';
import { TagModal } from './tag-modal';

const noFilters = [] as const;

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
              <DeleteAction
                name={t.name}
                title="Delete tag"
                question={`Delete ${t.name ?? 'this tag'}?`}
                success={messages.tagDeleted}
                onDelete={() => deleteTag(t.cid)}
              />
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
        <DataTable<LocalTag>
          label="Tag Details"
          rows={result.rows}
          columns={columns}
          rowKey={(r) => r.cid}
          pagination={result.pagination}
          onPageChange={setPage}
        />
      )}
      {editing && <TagModal tag={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
