import { Text } from '@mantine/core';
import { showDateTime } from '../lib/dates';
import { useT } from '../lib/i18n';

/** When a page read through a documented call was fetched (kept on the device for offline). */
export function FetchedNote({ fetchedAt }: { fetchedAt: number | null }) {
  const { t } = useT();
  return (
    <Text size="sm" c="dimmed" data-testid="fetched-at">
      {fetchedAt === null
        ? t('components.fetched.notYet')
        : t('components.fetched.at', { at: showDateTime(fetchedAt) })}
    </Text>
  );
}
