import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { syncStatusStore } from '../../../sync';
import { FirstSyncProgress } from '../../../src/app/layout/first-sync-progress';
import { render } from '../../render';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';

describe('first sync progress', () => {
  afterEach(() => {
    syncStatusStore.setState({ progress: null, lastSyncAt: null });
  });

  it('shows what is coming and how much has arrived while a device syncs for the first time, and goes once it has', async () => {
    // Signed in with the engine stopped: the test plays the engine's part.
    await freshDeviceSignedInAs(adminUser);
    render(<FirstSyncProgress />);
    expect(screen.queryByTestId('first-sync')).toBeNull();
    act(() => syncStatusStore.setState({ progress: { collection: 'children', step: 1, of: 16, rows: 0 } }));
    expect(await screen.findByTestId('first-sync')).toHaveTextContent('Bringing your records to this device (1 of 16)');
    expect(screen.getByTestId('first-sync-now')).toHaveTextContent('children… You can work while this runs.');
    act(() => syncStatusStore.setState({ progress: { collection: 'history', step: 2, of: 16, rows: 12500 } }));
    expect(screen.getByTestId('first-sync-now')).toHaveTextContent('case history: 12,500 so far');
    expect(screen.getByRole('progressbar', { name: 'First sync' })).toHaveAttribute('aria-valuenow', '6.25');
    act(() => syncStatusStore.setState({ lastSyncAt: Date.now() }));
    expect(screen.queryByTestId('first-sync')).toBeNull();
  });
});
