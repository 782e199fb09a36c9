import { Badge } from '@mantine/core';
import type { RowSyncState } from '../../sync';

const looks: Record<Exclude<RowSyncState, 'synced'>, { color: string; label: string }> = {
  pending: { color: 'yellow', label: 'Pending' },
  conflict: { color: 'orange', label: 'Conflict' },
  rejected: { color: 'red', label: 'Rejected' },
};

/** The small badge of a list row with unsynced changes. */
export function SyncBadge({ state }: { state: RowSyncState | undefined }) {
  if (!state || state === 'synced') return null;
  const look = looks[state];
  return (
    <Badge size="xs" color={look.color} variant="light" data-testid="row-sync-badge">
      {look.label}
    </Badge>
  );
}
