import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionFormModal } from '../../../src/features/actions/components/action-form-modal';
import { render } from '../../render';
import { adminUser, makeChild, seedChildren } from '../children/factories';
import { expectToast, offlineDevice, teardownDevice } from '../children/helpers';

const child = makeChild(42);

describe('an action form marks the field it stopped at (spec part 1: one error toast per save)', () => {
  afterEach(teardownDevice);

  it('Medical without a date: the toast names Medical Test Date and that field is marked until it is changed', async () => {
    await offlineDevice(adminUser);
    await seedChildren([child]);
    render(<ActionFormModal formKey="medical" child={child} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('The Medical Test Date field is required.');
    const date = within(dialog).getByRole('textbox', { name: 'Medical Test Date' });
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription('The Medical Test Date field is required.');
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .filter((b) => b.getAttribute('aria-invalid') === 'true'),
    ).toHaveLength(1);

    await userEvent.type(date, '05-03-2024');
    await waitFor(() => expect(date).not.toHaveAttribute('aria-invalid', 'true'));
  });
});
