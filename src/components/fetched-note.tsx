import { Text } from '@mantine/core';
import { showDateTime } from '../lib/dates';

/** When a page read through a documented call was fetched (kept on the device for offline). */
export function FetchedNote({ fetchedAt }: { fetchedAt: number | null }) {
  return (
    <Text size="sm" c="dimmed" data-testid="fetched-at">
      {fetchedAt === null ? 'Not fetched yet on this device' : `fetched ${showDateTime(fetchedAt)}`}
    </Text>
  );
}
