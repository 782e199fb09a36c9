import { Badge } from '@mantine/core';
import type { RowSyncState } from '../../sync';
import { useT } from '../lib/i18n';
import type { TextKey } from '../../sync/shell';

const looks: Record<Exclude<RowSyncState, 'synced'>, { color: string; label: TextKey }> = {
  pending: { color: 'yellow', label: 'syncBadge.pending' },
  conflict: { color: 'orange', label: 'syncBadge.conflict' },
  rejected: { color: 'red', label: 'syncBadge.rejected' },
};

/** The small badge of a list row with unsynced changes. */
export function SyncBadge({ state }: { state: RowSyncState | undefined }) {
  const { t } = useT();
  if (!state || state === 'synced') return null;
  const look = looks[state];
  return (
    <Badge size="xs" color={look.color} variant="light" data-testid="row-sync-badge">
      {t(look.label)}
    </Badge>
  );
}
