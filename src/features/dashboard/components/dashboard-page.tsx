import { Alert, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Sparkline } from '@mantine/charts';
import { dashboardTiles } from '../../../../sync';
import { showDateTime } from '../../../lib/dates';
import { useDashboard, useDashboardTrends } from '../hooks/use-dashboard';

/** The eight tiles of spec part 1, section 2, in the contract's order. */
export function DashboardPage() {
  const stored = useDashboard();
  const trends = useDashboardTrends();
  if (stored === null) return <Loader aria-label="Loading" />;
  return (
    <Stack>
      <Title order={2}>Dashboard</Title>
      {!stored && (
        <Alert color="gray">
          The dashboard has not been loaded on this device yet; it appears once you are online.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {dashboardTiles.map((tile) => (
          <Paper key={tile.key} withBorder p="md" radius="md" data-testid={`tile-${tile.key}`}>
            <Text size="sm" c="dimmed" fw={500}>
              {tile.label}
            </Text>
            <Text size="xl" fw={700} data-testid="tile-value">
              {stored ? (stored.data[tile.key] ?? 0).toLocaleString('en-IN') : '–'}
            </Text>
            {trends[tile.key] && (
              <Sparkline
                h={36}
                data={trends[tile.key]}
                curveType="linear"
                color="teal"
                fillOpacity={0.4}
                strokeWidth={1.5}
                role="img"
                aria-label={`${tile.label}, last 12 months`}
                data-testid="tile-trend"
              />
            )}
          </Paper>
        ))}
      </SimpleGrid>
      {stored && (
        <Text size="xs" c="dimmed">
          Last updated {showDateTime(stored.pulledAt)}
        </Text>
      )}
    </Stack>
  );
}
