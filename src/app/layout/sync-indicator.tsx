import { Alert, Group, Loader, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconLock } from '@tabler/icons-react';
import { useLiveQuery } from '../../lib/use-live-query';
import { useStore } from 'zustand';
import { Link } from 'react-router';
import { lastSyncedAt, outboxCounts, syncStatusStore } from '../../../sync';
import { showTimeAgo } from '../../lib/dates';
import { useT } from '../../lib/i18n';
import { useOnline } from '../../lib/use-store';
import { summarizeSync, type SyncSummary, type SyncTone } from './sync-summary';
import classes from './sync-indicator.module.css';

function useSyncSummary(): SyncSummary & { pending: number; lastAt: number | null } {
  const online = useOnline();
  const status = useStore(syncStatusStore);
  const counts = useLiveQuery(() => outboxCounts(), [], { pending: 0, attention: 0 });
  const saved = useLiveQuery(() => lastSyncedAt(), [], null);
  const lastAt = status.lastSyncAt ?? saved;
  const { t, label, message } = useT();
  return {
    ...summarizeSync({ online, status, ...counts, lastAt }, { t, label, message }),
    pending: counts.pending,
    lastAt,
  };
}

const icons: Record<SyncTone, typeof IconCloudCheck> = {
  synced: IconCloudCheck,
  working: IconCloudCheck,
  offline: IconCloudOff,
  limited: IconLock,
  attention: IconAlertTriangle,
};

/**
 * The header's sync chip: one tappable control that opens /sync, with an icon and words
 * (never colour alone), readable at 390 px. The last sync shows from the tablet width up.
 */
export function SyncIndicator() {
  const summary = useSyncSummary();
  const syncing = useStore(syncStatusStore, (s) => s.syncing);
  const Icon = icons[summary.tone];
  const { t } = useT();
  const last = summary.lastAt ? t('sync.lastSync', { ago: showTimeAgo(summary.lastAt) }) : t('sync.notYet');
  return (
    <UnstyledButton
      component={Link}
      to="/sync"
      className={classes.chip}
      data-tone={summary.tone}
      data-testid="sync-indicator"
      title={summary.sentence ?? last}
    >
      {/* The name is the words shown (WCAG label in name), after what the chip is. */}
      <VisuallyHidden>{t('sync.status')}</VisuallyHidden>
      {syncing ? <Loader size={14} aria-label={t('sync.syncing')} /> : <Icon size={18} aria-hidden />}
      <Text span size="sm" fw={600} data-testid={summary.tone === 'attention' ? 'sync-attention' : 'connectivity'}>
        {summary.short}
      </Text>
      {summary.pending > 0 && summary.tone !== 'attention' && (
        <Text span size="sm" data-testid="pending-count">
          {t('sync.pending', { count: summary.pending })}
        </Text>
      )}
      <Text span size="xs" visibleFrom="sm" data-testid="last-sync" className={classes.last}>
        {last}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The full sentence under the header when sync needs saying: offline, waiting for the
 * server, limited by the role, or something for the user to do.
 */
export function SyncNotice() {
  const summary = useSyncSummary();
  const { t } = useT();
  if (!summary.sentence) return null;
  const color = summary.tone === 'attention' ? 'red' : summary.tone === 'limited' ? 'yellow' : 'gray';
  return (
    <Alert color={color} variant="light" p="xs" mb="sm" data-testid="sync-notice" data-tone={summary.tone}>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dark.9">
          {summary.sentence}
        </Text>
        {summary.tone === 'attention' && (
          <Text size="sm" component={Link} to="/sync" fw={600} c="dark.9" td="underline">
            {t('sync.open')}
          </Text>
        )}
      </Group>
    </Alert>
  );
}
