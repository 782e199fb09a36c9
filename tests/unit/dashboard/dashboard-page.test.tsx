import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { currentDb } from '../../../sync/device/session';
import { dashboardTiles } from '../../../sync';
import { DashboardPage } from '../../../src/features/dashboard';
import { render } from '../../render';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';

describe('dashboard (spec part 1, section 2)', () => {
  it("shows the eight tiles with the last pull's counts, then the trends, whose chart comes as a chunk of its own", async () => {
    await freshDeviceSignedInAs(adminUser);
    const counts = Object.fromEntries(dashboardTiles.map((tile, i) => [tile.key, 1000 * (i + 1)]));
    await currentDb().lookups.put({ key: 'dashboard', data: counts, pulledAt: Date.now() });
    render(<DashboardPage />);
    const values = await screen.findAllByTestId('tile-value');
    expect(values.map((v) => v.textContent)).toEqual(
      dashboardTiles.map((_, i) => (1000 * (i + 1)).toLocaleString('en-IN')),
    );
    // The six tiles with a trend (sync/queries/reports.ts) draw it once the chart's chunk has come.
    expect(await screen.findAllByTestId('tile-trend')).toHaveLength(6);
    expect(screen.getByRole('img', { name: 'Children Supported, last 12 months' })).toBeInTheDocument();
  });

  it('says the dashboard has not been loaded yet on a device that never pulled it, and draws no trend before', async () => {
    await freshDeviceSignedInAs(adminUser);
    render(<DashboardPage />);
    expect(await screen.findByText(/has not been loaded on this device yet/)).toBeInTheDocument();
    expect(screen.getAllByTestId('tile-value').map((v) => v.textContent)).toEqual(dashboardTiles.map(() => '–'));
  });
});
