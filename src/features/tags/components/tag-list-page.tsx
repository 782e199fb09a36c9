import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Loader, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { isAdministrator, messages, type LocalTag } from '../../../../sync';
import { ConfirmButton } from '../../../components/confirm-button';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { SyncBadge } from '../../../components/sync-badge';
import { toast } from '../../../components/toast';
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
        render: (t) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{t.name}</Text>
            <SyncBadge state={t._sync} />
          </Group>
        ),
      },
      { key: 'created_at', header: 'Created Date Time', nowrap: true, render: (t) => showDateTime(t.created_at) },
      {
        key: 'action',
        header: 'Action',
        render: (t) =>
          canManage && (
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Edit">
                <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${t.name ?? ''}`} onClick={() => setEditing(t)}>
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
                    <VisuallyHidden>Delete {t.name ?? ''}</VisuallyHidden>
                  </>
                }
                title="Delete tag"
                question={`Delete ${t.name ?? 'this tag'}?`}
                confirmLabel="Delete"
                onConfirm={async () => {
                  const outcome = await deleteTag(t.cid);
                  if (outcome.ok) toast.success(messages.tagDeleted);
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
        <Title order={2}>Tag Details</Title>
        {canManage && (
          <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            Add Tag
          </Button>
        )}
      </Group>
      {result === null ? (
        <Loader aria-label="Loading" />
      ) : (
        <DataTable<LocalTag> label="Tag Details" rows={result.rows} columns={columns} rowKey={(r) => r.cid} pagination={result.pagination} onPageChange={setPage} />
      )}
      {editing && <TagModal tag={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
