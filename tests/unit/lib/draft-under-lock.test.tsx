import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentDb } from '../../../sync/device/session';
import { lock, lockStore } from '../../../sync/device/idle-lock';
import { setDataKey } from '../../../sync/db/seal';
import { RegistrationWizard } from '../../../src/features/children/components/registration-wizard';
import { render } from '../../render';
import { useLiveQuery } from '../../../src/lib/use-live-query';
import { adminUser } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

/** The key tests/setup.ts puts in memory, given back as the lock screen's unlock would. */
const unlockWithTestKey = () => {
  setDataKey(new Uint8Array(32).fill(7));
  lockStore.setState({ locked: false });
};

/*
 * The idle lock takes the data key while a form is on screen (DESIGN: Security on the
 * device): what was typed just before it stays on screen and reaches the device's draft at
 * the unlock; the screen under the lock does not break on a read it cannot open.
 */
/** A screen's live query that reads a sealed table (drafts) and a clear one (syncState). */
function DraftName() {
  const name = useLiveQuery(async () => {
    await currentDb().syncState.toArray();
    return ((await currentDb().drafts.get('probe'))?.values as { name?: string } | undefined)?.name ?? 'none';
  });
  return <p data-testid="probe">{name ?? 'reading'}</p>;
}

describe('a form and a screen under the idle lock', () => {
  beforeEach(() => offlineDevice(adminUser));
  afterEach(() => {
    lockStore.setState({ locked: false });
    return teardownDevice();
  });

  it('typed just before the lock: kept on screen, and written as the draft at the unlock', async () => {
    render(<RegistrationWizard />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'Half Typed Child');
    lock(); // within the draft's save delay: its write meets the lock
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Half Typed Child');

    unlockWithTestKey();
    await waitFor(async () =>
      expect((await currentDb().drafts.get('registration:new'))?.values).toMatchObject({ name: 'Half Typed Child' }),
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Half Typed Child');
  });

  it("a screen's live query run again while locked, it keeps what it showed; after the unlock it reads again", async () => {
    await currentDb().drafts.put({ key: 'probe', values: { name: 'Asha' }, savedAt: Date.now() });
    render(<DraftName />);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('Asha'));

    lock();
    // A write to a table it watches that needs no key (the sync state) runs it again.
    await currentDb().syncState.put({ collection: 'probe', cursor: null, lastPullAt: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('probe').textContent).toBe('Asha');

    unlockWithTestKey();
    await currentDb().drafts.put({ key: 'probe', values: { name: 'Asha Kumari' }, savedAt: Date.now() });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('Asha Kumari'));
  });
});
