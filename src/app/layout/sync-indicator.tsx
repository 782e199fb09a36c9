import { Badge, Group, Loader, Tooltip } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from 'zustand';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { lastSyncedAt, outboxCounts, syncStatusStore } from '../../../sync';
import { useOnline } from '../../lib/use-store';

dayjs.extend(relativeTime);

/** The header's view of sync: online or not, queued writes, last sync, spinner, trouble. */
export function SyncIndicator() {
  const online = useOnline();
  const status = useStore(syncStatusStore);
  const counts = useLiveQuery(() => outboxCounts(), [], { pending: 0, attention: 0 });
  const saved = useLiveQuery(() => lastSyncedAt(), [], null);
  const lastAt = status.lastSyncAt ?? saved;
  const last = lastAt ? `Last sync ${dayjs(lastAt).fromNow()}` : 'Not synced yet';
  const trouble = counts.attention > 0 || status.error !== null;
  return (
    <Group gap={6} wrap="nowrap" renderRoot={(props) => <Link to="/sync" aria-label="Sync status" data-testid="sync-indicator" {...props} />} style={{ textDecoration: 'none' }}>
      <Badge color={online ? 'teal' : 'gray'} variant="light" data-testid="connectivity">
        {online ? 'Online' : 'Offline'}
      </Badge>
      {counts.pending > 0 && (
        <Badge color="yellow" variant="light" data-testid="pending-count">
          {counts.pending} pending
        </Badge>
      )}
      {trouble && (
        <Tooltip label={status.error?.message ?? `${counts.attention} change(s) need your attention`}>
          <Badge color="red" variant="filled" data-testid="sync-attention">
            {counts.attention > 0 ? `${counts.attention} to review` : 'Sync error'}
          </Badge>
        </Tooltip>
      )}
      {status.syncing ? <Loader size="xs" aria-label="Syncing" /> : (
        <Badge color="gray" variant="transparent" visibleFrom="sm" data-testid="last-sync">
          {last}
        </Badge>
      )}
    </Group>
  );
}
