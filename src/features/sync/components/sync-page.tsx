import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useStore } from 'zustand';
import { lastSyncedAt, review, syncNow, syncStatusStore } from '../../../../sync';
import { useLiveQuery } from '../../../lib/use-live-query';
import { showDateTime } from '../../../lib/dates';
import { useOnline } from '../../../lib/use-store';
import { describeEntry, usePendingEntries, useReviewItems } from '../hooks/use-review';
import { ConflictCard } from './conflict-card';
import { RejectedCard } from './rejected-card';
import { messageOf, useT } from '../../../lib/i18n';

/** /sync: what is waiting to be sent, and what needs the user (R10, R14). */
export function SyncPage() {
  const items = useReviewItems();
  const pending = usePendingEntries();
  const status = useStore(syncStatusStore);
  const online = useOnline();
  const saved = useLiveQuery(() => lastSyncedAt(), [], null);
  const lastAt = status.lastSyncAt ?? saved;
  const { t, label, number } = useT();

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{label('Sync')}</Title>
        <Group gap="xs">
          <Button variant="light" onClick={() => void review.retry()} disabled={!online}>
            {t('sync.page.retry')}
          </Button>
          <Button onClick={() => void syncNow()} loading={status.syncing} disabled={!online}>
            {t('sync.page.syncNow')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {online ? t('sync.page.online') : t('sync.page.offline')}{' '}
        {lastAt ? t('sync.page.lastSync', { at: showDateTime(lastAt) }) : t('sync.page.notYet')}
        {status.error ? ` ${messageOf(status.error.message)}` : ''}
      </Text>

      <Title order={3} size="h4">
        {t('sync.page.attention', { n: number(items.length) })}
      </Title>
      {items.length === 0 && <Text size="sm">{t('sync.page.nothing')}</Text>}
      {items.map((item) =>
        item.kind === 'conflict' ? (
          <ConflictCard key={`c${item.conflict.id}`} item={item} />
        ) : (
          <RejectedCard key={`r${item.entry.seq}`} item={item} />
        ),
      )}

      <Title order={3} size="h4">
        {t('sync.page.waiting', { n: number(pending.length) })}
      </Title>
      {pending.length === 0 ? (
        <Text size="sm">{t('sync.page.allSent')}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('sync.page.sealedNote')}
        </Text>
      )}
      {pending.length > 0 && (
        <Table striped withTableBorder aria-label={t('sync.page.waitingTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sync.page.change')}</Table.Th>
              <Table.Th>{t('sync.page.tries')}</Table.Th>
              <Table.Th>{t('sync.page.lastProblem')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pending.map((entry) => (
              <Table.Tr key={entry.seq}>
                <Table.Td>{describeEntry(entry.entity, entry.op, entry.payload)}</Table.Td>
                <Table.Td>{entry.attempts}</Table.Td>
                <Table.Td>{entry.lastError ? messageOf(entry.lastError) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
