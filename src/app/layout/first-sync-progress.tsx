import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useLiveQuery } from '../../lib/use-live-query';
import { useStore } from 'zustand';
import { lastSyncedAt, syncStatusStore } from '../../../sync';
import { useT } from '../../lib/i18n';
import type { TextKey } from '../../../sync/shell';

/** What each collection is called while it comes to the device. */
const broughtWords: Record<string, TextKey> = {
  children: 'app.firstSync.children',
  history: 'app.firstSync.history',
  documents: 'app.firstSync.documents',
  cwcProduce: 'app.firstSync.cwcProduce',
  cwcRefer: 'app.firstSync.cwcRefer',
  centers: 'app.firstSync.centers',
  centerPoints: 'app.firstSync.centerPoints',
  tags: 'app.firstSync.tags',
  roles: 'app.firstSync.roles',
  users: 'app.firstSync.users',
  meals: 'app.firstSync.meals',
  previousBalances: 'app.firstSync.previousBalances',
  schemes: 'app.firstSync.schemes',
  notifications: 'app.firstSync.notifications',
  activityLogs: 'app.firstSync.activityLogs',
  beneficiaries: 'app.firstSync.beneficiaries',
  beneficiaryDocuments: 'app.firstSync.beneficiaryDocuments',
};

/**
 * The first sync on a device, while it runs: a bar over the collections with what is
 * coming now and how many of its records have arrived. The screens work meanwhile (they
 * read the device, which fills as each page is stored).
 */
export function FirstSyncProgress() {
  const progress = useStore(syncStatusStore, (s) => s.progress);
  const everSynced = useStore(syncStatusStore, (s) => s.lastSyncAt !== null);
  const saved = useLiveQuery(() => lastSyncedAt(), [], undefined);
  const { t, number } = useT();
  if (!progress || everSynced || saved !== null) return null;
  const key = broughtWords[progress.collection];
  const what = key ? t(key) : progress.collection;
  return (
    <Alert color="blue" variant="light" p="xs" mb="sm" data-testid="first-sync">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('app.firstSync.title', { step: progress.step, of: progress.of })}
        </Text>
        <Progress
          value={((progress.step - 1) / progress.of) * 100}
          aria-label={t('app.firstSync.label')}
          size="lg"
          striped
          animated
        />
        <Text size="sm" data-testid="first-sync-now">
          {progress.rows > 0
            ? t('app.firstSync.soFar', { what, rows: number(progress.rows) })
            : t('app.firstSync.coming', { what })}{' '}
          {t('app.firstSync.workMeanwhile')}
        </Text>
      </Stack>
    </Alert>
  );
}
