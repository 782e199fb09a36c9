import { useEffect, useState } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import {
  fetchAccessHistory,
  isSyncError,
  paginate,
  type AccessHistoryPage,
  type ChildAccessRow,
} from '../../../../sync';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { showDateTime } from '../../../lib/dates';
import { useOnline } from '../../../lib/use-store';

/** What each kind of access says in the history (the writes carry the activity log's own words). */
const accessWords: Record<string, string> = {
  profile_view: 'Opened the profile',
  document_view: 'Opened a document',
  photo_view: 'Downloaded the photo',
  audio_view: 'Played an audio',
  report_details: 'Listed in report details',
  csv_export: 'Exported a report',
  file_download: 'Downloaded a file',
  access_log_read: 'Read this access history',
};

const columns: DataColumn<ChildAccessRow>[] = [
  { key: 'at', header: 'When', render: (r) => showDateTime(r.at), nowrap: true, card: 'title' },
  {
    key: 'action',
    header: 'What',
    render: (r) => (r.kind === 'write' ? r.action : (accessWords[r.action] ?? r.action)),
  },
  { key: 'subject', header: 'Section or item', render: (r) => r.subject ?? '' },
  {
    key: 'user',
    header: 'Who',
    render: (r) => (r.user_name ? `${r.user_name}${r.user_email ? ` (${r.user_email})` : ''}` : ''),
  },
  { key: 'device', header: 'Device', render: (r) => r.device_id ?? '' },
  {
    key: 'offline',
    header: 'Offline',
    render: (r) => (r.offline === null ? '' : r.offline ? 'Yes' : 'No'),
  },
];

/**
 * The profile's Access history tab (administrators): who opened, exported or changed this
 * child's record, newest first, from the server (GET /child_access_log/{id}, our
 * extension); it needs a connection, and reading it is itself logged by the server.
 */
export function AccessHistory({ childId }: { childId: number | null }) {
  const online = useOnline();
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
            ? 'This server keeps no access history.'
            : isSyncError(error)
              ? error.message
              : 'The access history could not be read.',
      }),
    );
    return () => {
      current = false;
    };
  }, [childId, page, online, key]);
  if (childId === null)
    return <Text size="sm">This child has not reached the server yet: it has no access history there.</Text>;
  if (!online) return <Alert color="yellow">Access history needs a connection. Open it again when online.</Alert>;
  if (answer?.key !== key) return <Loader aria-label="Loading" />;
  const shown = answer.value;
  if ('error' in shown) return <Alert color="red">{shown.error}</Alert>;
  return (
    <Stack>
      <DataTable
        label="Access history"
        rows={shown.rows}
        columns={columns}
        rowKey={(r) => `${r.kind}-${r.at}-${r.action}-${r.user_id ?? ''}-${r.subject ?? ''}`}
        pagination={shown.pagination ?? paginate(shown.rows.length, 1, Math.max(shown.rows.length, 1))}
        onPageChange={setPage}
      />
    </Stack>
  );
}
