import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useStore } from 'zustand';
import { lastSyncedAt, review, syncNow, syncStatusStore } from '../../../../sync';
import { useLiveQuery } from 'dexie-react-hooks';
import { showDateTime } from '../../../lib/dates';
import { useOnline } from '../../../lib/use-store';
import { describeEntry, usePendingEntries, useReviewItems } from '../hooks/use-review';
import { ConflictCard } from './conflict-card';
import { RejectedCard } from './rejected-card';

/** /sync: what is waiting to be sent, and what needs the user (R10, R14). */
export function SyncPage() {
  const items = useReviewItems();
  const pending = usePendingEntries();
  const status = useStore(syncStatusStore);
  const online = useOnline();
  const saved = useLiveQuery(() => lastSyncedAt(), [], null);
  const lastAt = status.lastSyncAt ?? saved;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Sync</Title>
        <Group gap="xs">
          <Button variant="light" onClick={() => void review.retry()} disabled={!online}>
            Retry now
          </Button>
          <Button onClick={() => void syncNow()} loading={status.syncing} disabled={!online}>
            Sync now
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {online ? 'Online.' : 'Offline: changes are kept on this device and sent when the network is back.'}{' '}
        {lastAt ? `Last sync ${showDateTime(lastAt)}.` : 'Not synced yet.'}
        {status.error ? ` ${status.error.message}` : ''}
      </Text>

      <Title order={3} size="h4">
        Needs your attention ({items.length})
      </Title>
      {items.length === 0 && <Text size="sm">Nothing to review.</Text>}
      {items.map((item) =>
        item.kind === 'conflict' ? (
          <ConflictCard key={`c${item.conflict.id}`} item={item} />
        ) : (
          <RejectedCard key={`r${item.entry.seq}`} item={item} />
        ),
      )}

      <Title order={3} size="h4">
        Waiting to be sent ({pending.length})
      </Title>
      {pending.length === 0 ? (
        <Text size="sm">Everything is sent.</Text>
      ) : (
        <Table striped withTableBorder aria-label="Waiting to be sent">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Change</Table.Th>
              <Table.Th>Tries</Table.Th>
              <Table.Th>Last problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pending.map((entry) => (
              <Table.Tr key={entry.seq}>
                <Table.Td>{describeEntry(entry.entity, entry.op, entry.payload)}</Table.Td>
                <Table.Td>{entry.attempts}</Table.Td>
                <Table.Td>{entry.lastError ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
