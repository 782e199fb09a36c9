import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentDb } from '../../../sync/device/session';
import { quickAddChild } from '../../../src/features/children/hooks/use-quick-add';
import { adminUser, staffUser } from './factories';
import { expectToast, offlineDevice, renderChildrenAt, teardownDevice } from './helpers';

const png = (bytes = 10, name = 'photo.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });
const complete = {
  name: 'Asha',
  gender: 'Female',
  dateofarrival: '2024-03-05',
  image: png(),
  ReferredBy: 'produce',
  cwccaseno: '',
  centerdetailId: '3',
};

describe('Quick Add: the first failing field, verbatim (spec part 1, section 5)', () => {
  beforeEach(() => offlineDevice(adminUser));
  afterEach(teardownDevice);

  const cases: [Record<string, unknown>, string][] = [
    [{}, 'Name is required'],
    [{ name: '   ' }, 'Name is required'],
    [{ name: 'Asha' }, 'Gender is required'],
    [{ name: 'Asha', gender: 'Female' }, 'Date of Arrival is required'],
    [{ name: 'Asha', gender: 'Female', dateofarrival: '2024-02-30' }, 'Invalid Date'],
    [{ name: 'Asha', gender: 'Female', dateofarrival: '2024-03-05' }, 'Image is required'],
    [{ ...complete, image: png(10, 'photo.gif', 'image/gif') }, 'The Image must be a file of type: jpg, jpeg, png.'],
    [{ ...complete, image: png(5 * 1024 * 1024 + 1) }, 'The Image must not be greater than 5 mb'],
    [{ ...complete, ReferredBy: 'refer' }, 'CWC Case No. is required'],
  ];
  for (const [i, [values, message]] of cases.entries()) {
    it(`case ${i + 1}: ${message}`, async () => {
      expect(await quickAddChild(values)).toEqual({ ok: false, message });
    });
  }

  it('cwccaseno is not needed unless ReferredBy is refer, and a complete quick add is saved on the device, pending', async () => {
    const outcome = await quickAddChild({ ...complete, ReferredBy: 'refer', cwccaseno: 'CWC/9' });
    expect(outcome.ok).toBe(true);
    const row = await currentDb()
      .entity('children')
      .get(outcome.ok ? outcome.cid : '');
    expect(row).toMatchObject({ name: 'Asha', centerdetailId: 3, cwccaseno: 'CWC/9', _sync: 'pending' });
    expect(String(row?.image)).toMatch(/^local-file:/);
    expect(await currentDb().outbox.count()).toBe(1);
  });

  // Spec part 1, section 5: "Name, gender, arrival date and image are required." ReferredBy and the center are not.
  it('name, gender, arrival date and image alone are a complete quick add', async () => {
    const outcome = await quickAddChild({ ...complete, ReferredBy: '', centerdetailId: '' });
    expect(outcome.ok).toBe(true);
    expect(await currentDb().outbox.count()).toBe(1);
  });
});

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('Quick Add modal', () => {
  afterEach(teardownDevice);

  it('shows the first failing field as an error toast, marks it on the form and keeps the modal open; a full form saves offline and shows the row as Pending', async () => {
    await offlineDevice(staffUser);
    renderChildrenAt('/child-registration');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Quick Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quick Add' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('Name is required');
    // The failing field is marked too: red, invalid for a screen reader, its message under it, focused.
    const nameBox = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(nameBox).toHaveAttribute('aria-invalid', 'true'));
    expect(nameBox).toHaveAccessibleDescription('Name is required');
    expect(nameBox).toHaveFocus();

    await user.type(nameBox, '  Ravi');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Ravi');
    expect(nameBox).not.toHaveAttribute('aria-invalid', 'true');
    await pick('Gender', 'Male');
    await user.type(within(dialog).getByRole('textbox', { name: 'Date of Arrival' }), '05-03-2024');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('Image is required');

    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, png());
    await pick('CWC Action', 'Refer from CWC');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('CWC Case No. is required');
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'CWC Case No.' })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Center Name' })).toHaveAttribute('readonly');

    await user.type(within(dialog).getByRole('textbox', { name: 'CWC Case No.' }), 'CWC/12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quick Add' })).not.toBeInTheDocument());
    const row = (await screen.findAllByTestId('data-row'))[0]!;
    expect(row).toHaveTextContent('Ravi');
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(
      await currentDb()
        .entity('children')
        .filter((child) => child.name === 'Ravi')
        .first(),
    ).toMatchObject({
      centerdetailId: 3,
      dateofarrival: '2024-03-05',
      gender: 'Male',
    });
  }, 30_000);
});
