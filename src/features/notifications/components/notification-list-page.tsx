import { useMemo } from 'react';
import { Button, Loader, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { LocalNotification } from '../../../../sync';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ChangeAction, EditAction, RowActions } from '../../../components/row-actions';
import { toast } from '../../../components/toast';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { markRead, useNotificationsPage } from '../hooks/use-notifications';
import { showDateTime } from '../../../lib/dates';

const noFilters = [] as const;
type Named = { name?: string } | null | undefined;

/** /notifications: the reader's unread notifications, from the device (spec part 2, section 2). */
export function NotificationListPage() {
  const navigate = useNavigate();
  const { page, setPage } = useListSearchParams(noFilters);
  const result = useNotificationsPage(page);

  const columns = useMemo<DataColumn<LocalNotification>[]>(
    () => [
      { key: 'child', header: 'Child Name', card: 'title', render: (n) => (n.child_data as Named)?.name ?? '' },
      { key: 'center', header: 'Center', render: (n) => (n.center_data as Named)?.name ?? '' },
      { key: 'user', header: 'User', render: (n) => (n.user_data_history as Named)?.name ?? '' },
      { key: 'comment', header: 'Comment', render: (n) => String(n.comment ?? '') },
      { key: 'date', header: 'Date', render: (n) => showDateTime(n.created_at) },
      {
        key: 'action',
        header: 'Action',
        card: 'actions',
        render: (n) => (
          <RowActions>
            <ChangeAction>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() =>
                  void markRead(n.cid).then((done) => {
                    if (!done.ok) toast.error(done.message);
                  })
                }
              >
                Mark As Read
              </Button>
            </ChangeAction>
            <EditAction
              name={(n.child_data as Named)?.name ?? 'child'}
              onClick={() =>
                void navigate('/child-registration/profile', { state: { id: Number(n.childregId), action: 'edit' } })
              }
            />
          </RowActions>
        ),
      },
    ],
    [navigate],
  );

  return (
    <Stack>
      <Title order={2}>Notifications</Title>
      {result === null ? (
        <Loader aria-label="Loading" />
      ) : (
        <DataTable<LocalNotification>
          label="Notifications"
          rows={result.rows}
          columns={columns}
          rowKey={(r) => r.cid}
          pagination={result.pagination}
          onPageChange={setPage}
        />
      )}
    </Stack>
  );
}
