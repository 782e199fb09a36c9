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
import { useT } from '../../../lib/i18n';

const noFilters = [] as const;
type Named = { name?: string } | null | undefined;

/** /notifications: the reader's unread notifications, from the device (spec part 2, section 2). */
export function NotificationListPage() {
  const navigate = useNavigate();
  const { page, setPage } = useListSearchParams(noFilters);
  const result = useNotificationsPage(page);
  const { t, label } = useT();

  const columns = useMemo<DataColumn<LocalNotification>[]>(
    () => [
      { key: 'child', header: t('column.name'), card: 'title', render: (n) => (n.child_data as Named)?.name ?? '' },
      { key: 'center', header: t('balances.field.center'), render: (n) => (n.center_data as Named)?.name ?? '' },
      { key: 'user', header: t('balances.column.user'), render: (n) => (n.user_data_history as Named)?.name ?? '' },
      { key: 'comment', header: t('balances.field.comment'), render: (n) => String(n.comment ?? '') },
      { key: 'date', header: t('meals.column.date'), render: (n) => showDateTime(n.created_at) },
      {
        key: 'action',
        header: t('meals.column.action'),
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
                {t('notifications.list.markRead')}
              </Button>
            </ChangeAction>
            <EditAction
              name={(n.child_data as Named)?.name ?? t('notifications.list.child')}
              onClick={() =>
                void navigate('/child-registration/profile', { state: { id: Number(n.childregId), action: 'edit' } })
              }
            />
          </RowActions>
        ),
      },
    ],
    [navigate, t],
  );

  return (
    <Stack>
      <Title order={2}>{label('Notifications')}</Title>
      {result === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <DataTable<LocalNotification>
          label={label('Notifications')}
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
