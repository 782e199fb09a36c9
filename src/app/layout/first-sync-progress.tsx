import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from 'zustand';
import { lastSyncedAt, syncStatusStore } from '../../../sync';
import { indianCount } from '../../lib/counts';

/** What each collection is called while it comes to the device. */
const broughtWords: Record<string, string> = {
  children: 'children',
  history: 'case history',
  documents: 'documents',
  cwcProduce: 'CWC produce records',
  cwcRefer: 'CWC refer records',
  centers: 'centers',
  centerPoints: 'center points',
  tags: 'tags',
  roles: 'roles',
  users: 'users',
  meals: 'meals',
  previousBalances: 'previous balances',
  schemes: 'schemes',
  notifications: 'notifications',
  activityLogs: 'activity logs',
  beneficiaries: 'beneficiaries',
  beneficiaryDocuments: "beneficiaries' documents",
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
  if (!progress || everSynced || saved !== null) return null;
  const what = broughtWords[progress.collection] ?? progress.collection;
  return (
    <Alert color="blue" variant="light" p="xs" mb="sm" data-testid="first-sync">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Bringing your records to this device ({progress.step} of {progress.of})
        </Text>
        <Progress
          value={((progress.step - 1) / progress.of) * 100}
          aria-label="First sync"
          size="lg"
          striped
          animated
        />
        <Text size="sm" data-testid="first-sync-now">
          {progress.rows > 0 ? `${what}: ${indianCount(progress.rows)} so far` : `${what}…`} You can work while this
          runs.
        </Text>
      </Stack>
    </Alert>
  );
}
