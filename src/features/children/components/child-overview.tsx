import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { cwcState, type LocalChild } from '../../../../sync';

import { SyncBadge } from '../../../components/sync-badge';
import { ChildPhoto } from './child-photo';
import { PresentStatus } from './present-status';
import { showDate } from '../../../lib/dates';
import { showText } from './format';
import { useCenterNames } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

/** The Overview tab: photo, name, status and the key facts. */
export function ChildOverview({ child }: { child: LocalChild }) {
  const centers = useCenterNames();
  const { t, label } = useT();
  const facts: [string, string][] = [
    [t('column.uniqueId'), showText(child.uniqueId)],
    [t('column.center'), child.center_data?.name ?? centers.get(Number(child.centerdetailId)) ?? ''],
    [t('column.gender'), child.gender ? label(showText(child.gender)) : ''],
    [t('column.dateofarrival'), showDate(child.dateofarrival)],
    [t('column.cwccaseno'), showText(child.cwccaseno)],
    [t('column.address'), showText(child.address)],
  ];
  return (
    <Stack>
      <Group>
        <ChildPhoto image={child.image} name={child.name ?? ''} size={96} />
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={3}>{child.name}</Title>
            <SyncBadge state={child._sync} />
          </Group>
          <Group gap="xs">
            <PresentStatus status={child.last_status?.history_status} />
            <Badge variant="outline" color="gray" tt="none">
              {label(cwcState(child))}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text>{value || '—'}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
