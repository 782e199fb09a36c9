import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentDb } from '../../../sync/device/session';
import { QuickAddModal } from '../../../src/features/children/components/quick-add-modal';
import { RegistrationWizard } from '../../../src/features/children/components/registration-wizard';
import { render } from '../../render';
import { adminUser } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

const draftOf = (key: string) => currentDb().drafts.get(key);

describe('nothing typed is lost: form drafts on the device', () => {
  beforeEach(() => offlineDevice(adminUser));
  afterEach(teardownDevice);

  it('Quick Add closed by a tap outside keeps the name; reopened it is back with a notice; Discard empties it', async () => {
    const first = render(<QuickAddModal onClose={() => undefined} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Sunita Devi');
    await waitFor(async () => expect((await draftOf('quick-add:new'))?.values).toMatchObject({ name: 'Sunita Devi' }));
    first.unmount();

    render(<QuickAddModal onClose={() => undefined} />);
    expect(await screen.findByDisplayValue('Sunita Devi')).toBeTruthy();
    expect(screen.getByTestId('draft-notice').textContent).toContain('kept on this device');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue(''));
    expect(screen.queryByTestId('draft-notice')).toBeNull();
    await waitFor(async () => expect(await draftOf('quick-add:new')).toBeUndefined());
  });

  it('the registration wizard left for another screen within the save delay still keeps what was typed', async () => {
    const first = render(<RegistrationWizard />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ravi');
    first.unmount(); // at once: leaving writes the draft without waiting for the pause
    await waitFor(async () => expect((await draftOf('registration:new'))?.values).toMatchObject({ name: 'Ravi' }));

    render(<RegistrationWizard />);
    expect(await screen.findByDisplayValue('Ravi')).toBeTruthy();
    expect(screen.getByTestId('draft-notice')).toBeTruthy();
  });

  it('an untouched form leaves no draft behind', async () => {
    const first = render(<QuickAddModal onClose={() => undefined} />);
    await screen.findByRole('textbox', { name: 'Name' });
    first.unmount();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await currentDb().drafts.count()).toBe(0);
  });
});
