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
import { useT } from '../../../lib/i18n';

const noFilters = [] as const;

/** /tag-management: Tag Details, from the device. */
export function TagListPage() {
  const canManage = isAdministrator(useUser());
  usePullTags();
  const { page, setPage } = useListSearchParams(noFilters);
  const result = useTagsPage(page);
  const [editing, setEditing] = useState<LocalTag | 'new' | null>(null);
  const { t } = useT();

  const columns = useMemo<DataColumn<LocalTag>[]>(
    () => [
      {
        key: 'name',
        header: t('admin.common.tagName'),
        render: (tag) => <NameCell name={tag.name} state={tag._sync} />,
      },
      {
        key: 'created_at',
        header: t('admin.common.createdAt'),
        nowrap: true,
        render: (tag) => showDateTime(tag.created_at),
      },
      {
        key: 'action',
        header: t('column.action'),
        render: (tag) =>
          canManage && (
            <RowActions>
              <EditAction name={tag.name} onClick={() => setEditing(tag)} />
              <DeleteAction
                name={tag.name}
                title={t('admin.tags.delete')}
                question={t('admin.common.deleteNamed', { name: tag.name ?? t('admin.tags.this') })}
                success={messages.tagDeleted}
                onDelete={() => deleteTag(tag.cid)}
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
        title={t('admin.tags.title')}
        addLabel={t('admin.tags.add')}
        canAdd={canManage}
        onAdd={() => setEditing('new')}
      />
      {result === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <DataTable<LocalTag>
          label={t('admin.tags.title')}
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
