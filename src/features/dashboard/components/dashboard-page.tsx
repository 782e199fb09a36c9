import { lazy, Suspense, useEffect } from 'react';
import { Alert, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { dashboardTiles } from '../../../../sync';
import { indianCount } from '../../../lib/counts';
import { showDateTime } from '../../../lib/dates';
import { firstScreenShown } from '../../../lib/first-screen';
import { useDashboard, useDashboardTrends } from '../hooks/use-dashboard';
import { useT } from '../../../lib/i18n';

// The charts library is most of this screen's script: the tiles' numbers do not wait for it.
const TileTrend = lazy(() => import('./tile-trend').then((m) => ({ default: m.TileTrend })));

/** The eight tiles of spec part 1, section 2, in the contract's order. */
export function DashboardPage() {
  const stored = useDashboard();
  // The trends are counted once the tiles have their numbers, not in their way.
  const trends = useDashboardTrends(stored !== null);
  // The tiles show their counts (or that there are none yet): what waited for them may start.
  useEffect(() => {
    if (stored !== null) {
      performance.mark('ashray:tiles');
      firstScreenShown();
    }
  }, [stored]);
  const { t, label } = useT();
  if (stored === null) return <Loader aria-label={t('common.loading')} />;
  return (
    <Stack>
      <Title order={2}>{t('dashboard.title')}</Title>
      {!stored && <Alert color="gray">{t('dashboard.notLoaded')}</Alert>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {dashboardTiles.map((tile) => (
          <Paper key={tile.key} withBorder p="md" radius="md" data-testid={`tile-${tile.key}`}>
            <Text size="sm" c="dimmed" fw={500}>
              {label(tile.label)}
            </Text>
            <Text size="xl" fw={700} data-testid="tile-value">
              {stored ? indianCount(stored.data[tile.key] ?? 0) : '–'}
            </Text>
            {trends[tile.key] && (
              <Suspense>
                <TileTrend label={label(tile.label)} data={trends[tile.key]!} />
              </Suspense>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      {stored && (
        <Text size="xs" c="dimmed">
          {t('dashboard.lastUpdated', { at: showDateTime(stored.pulledAt) })}
        </Text>
      )}
    </Stack>
  );
}
