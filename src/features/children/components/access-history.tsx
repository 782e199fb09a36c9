import { useEffect, useState } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import {
  accessActions,
  fetchAccessHistory,
  isSyncError,
  paginate,
  type AccessHistoryPage,
  type ChildAccessRow,
} from '../../../../sync';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { showDateTime } from '../../../lib/dates';
import { useOnline } from '../../../lib/use-store';
import { textOf, useT } from '../../../lib/i18n';
import type { TextKey } from '../../../../sync/shell';

/** The kinds of access the history words (the writes carry the activity log's own words). */
const accessKinds = new Set<string>(accessActions);

type Words = ReturnType<typeof useT>;

const accessColumns = ({ t, label }: Words): DataColumn<ChildAccessRow>[] => [
  { key: 'at', header: t('children.access.when'), render: (r) => showDateTime(r.at), nowrap: true, card: 'title' },
  {
    key: 'action',
    header: t('children.access.what'),
    render: (r) =>
      r.kind !== 'write' && accessKinds.has(r.action) ? t(`children.access.${r.action}` as TextKey) : r.action,
  },
  { key: 'subject', header: t('children.access.subject'), render: (r) => r.subject ?? '' },
  {
    key: 'user',
    header: t('children.access.who'),
    render: (r) => (r.user_name ? `${r.user_name}${r.user_email ? ` (${r.user_email})` : ''}` : ''),
  },
  { key: 'device', header: t('children.access.device'), render: (r) => r.device_id ?? '' },
  {
    key: 'offline',
    header: t('children.access.offline'),
    render: (r) => (r.offline === null ? '' : label(r.offline ? 'Yes' : 'No')),
  },
];

/**
 * The profile's Access history tab (administrators): who opened, exported or changed this
 * child's record, newest first, from the server (GET /child_access_log/{id}, our
 * extension); it needs a connection, and reading it is itself logged by the server.
 */
export function AccessHistory({ childId }: { childId: number | null }) {
  const online = useOnline();
  const words = useT();
  const { t } = words;
  const [page, setPage] = useState(1);
  // The answer names the page it is of: another page shows the loader until its own arrives.
  const [answer, setAnswer] = useState<{ key: string; value: AccessHistoryPage | { error: string } } | null>(null);
  const key = `${childId}:${page}`;
  useEffect(() => {
    if (!online || childId === null) return;
    let current = true;
    const settle = (value: AccessHistoryPage | { error: string }) => current && setAnswer({ key, value });
    fetchAccessHistory(childId, page).then(settle, (error: unknown) =>
      settle({
        error:
          isSyncError(error) && error.reason === 'not-found'
            ? textOf('children.access.noHistory')
            : isSyncError(error)
              ? error.message
              : textOf('children.access.unreadable'),
      }),
    );
    return () => {
      current = false;
    };
  }, [childId, page, online, key]);
  if (childId === null) return <Text size="sm">{t('children.access.notOnServer')}</Text>;
  if (!online) return <Alert color="yellow">{t('children.access.needsConnection')}</Alert>;
  if (answer?.key !== key) return <Loader aria-label={t('common.loading')} />;
  const shown = answer.value;
  if ('error' in shown) return <Alert color="red">{words.message(shown.error)}</Alert>;
  return (
    <Stack>
      <DataTable
        label={t('children.access.title')}
        rows={shown.rows}
        columns={accessColumns(words)}
        rowKey={(r) => `${r.kind}-${r.at}-${r.action}-${r.user_id ?? ''}-${r.subject ?? ''}`}
        pagination={shown.pagination ?? paginate(shown.rows.length, 1, Math.max(shown.rows.length, 1))}
        onPageChange={setPage}
      />
    </Stack>
  );
}
