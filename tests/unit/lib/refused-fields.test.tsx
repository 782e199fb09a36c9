import { useState, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render as rtlRender, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { connectivityStore, messages, type SessionUser } from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { MealModal } from '../../../src/features/meals/components/meal-modal';
import { BalanceModal } from '../../../src/features/balances/components/balance-modal';
import { SchemeModal } from '../../../src/features/schemes/components/scheme-modal';
import { BeneficiaryModal } from '../../../src/features/beneficiaries/components/beneficiary-modal';
import { CwcFormPage } from '../../../src/features/cwc/components/cwc-form-page';
import { Providers } from '../../../src/app/providers';
import { render, renderRoutes } from '../../render';
import { adminUser } from '../children/factories';
import { expectToast, offlineDevice, teardownDevice } from '../children/helpers';

/*
 * The part 2 forms on the contract form hook: a refused field is outlined, aria-invalid and
 * described by its message (spec part 2, section 5 messages), the one error toast leaves once
 * the field is fixed or the dialog closes, and on touch sizes toasts sit at the bottom, clear
 * of a dialog's title and close button.
 */

/** A worker bound to center 3 who may add documents (child tracking). */
const fieldWorker: SessionUser = {
  ...adminUser,
  id: 11,
  token: 't-field',
  email: 'field@demo.test',
  role: {
    id: 5,
    name: 'field worker',
    permissions: { child_tracking: { view: 1, create: 1, edit: 1, delete: 1 }, cwc: { view: 1, create: 1, edit: 1 } },
  },
  centerId: 3,
};

beforeAll(() => connectivityStore.setState({ online: false }));
afterAll(() => connectivityStore.setState({ online: true }));
afterEach(teardownDevice);

const toasts = () => screen.queryAllByRole('alert');

/** The field named `name` in `scope` is marked refused with `message`, and is the only one marked. */
function expectMarked(scope: HTMLElement, name: string, message: string) {
  const field = within(scope).getByRole('textbox', { name });
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(message);
  expect(scope.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);
}

/** Renders `form` with an opener, so the test can close it as the dialog's Cancel does. */
function Opened({ form }: { form: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(true);
  return open ? form(() => setOpen(false)) : <p>closed</p>;
}

describe('part 2 forms mark the refused field', () => {
  it('Add Meal: Center Name', async () => {
    await offlineDevice(adminUser);
    render(<MealModal onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Meal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast(messages.mealCenterRequired);
    expectMarked(dialog, 'Center Name', messages.mealCenterRequired);
  });

  it('Add Previous Balance: Activity Date, for a worker whose center is fixed', async () => {
    await offlineDevice(fieldWorker);
    render(<BalanceModal onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Previous Balance' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('The Activity Date field is required.');
    expectMarked(dialog, 'Activity Date', 'The Activity Date field is required.');
  });

  it('Add Previous Balance: Comment, a registered text field', async () => {
    await offlineDevice(fieldWorker);
    render(<BalanceModal onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Previous Balance' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Activity Date' }), '03-02-2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('The comment field is required.');
    expectMarked(dialog, 'Comment', 'The comment field is required.');
    expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toHaveFocus();
  });

  it('Add Tag (a scheme): Scheme Name; the toast leaves once the name is typed', async () => {
    await offlineDevice(adminUser);
    render(<SchemeModal onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Tag' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast(messages.schemeRequired);
    expectMarked(dialog, 'Scheme Name', messages.schemeRequired);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Scheme Name' }), 'Kanyashree');
    await waitFor(() => expect(toasts()).toHaveLength(0));
    expect(within(dialog).getByRole('textbox', { name: 'Scheme Name' })).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("Add Beneficiary: Name, then a document row's Tag Name; choosing a tag sends the toast away", async () => {
    await offlineDevice(fieldWorker);
    await currentDb().lookups.put({ key: 'tags_all', data: [{ id: 1, name: 'Prescription' }], pulledAt: Date.now() });
    render(<BeneficiaryModal service="medical" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Beneficiary' });
    const user = userEvent.setup({ applyAccept: false });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('The Name field is required.');
    expectMarked(dialog, 'Name', 'The Name field is required.');

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'School Drive Child');
    await user.type(within(dialog).getByRole('textbox', { name: 'Date' }), '03-02-2025');
    await user.click(within(dialog).getByRole('button', { name: 'Add Document' }));
    const row = within(dialog).getByRole('group', { name: 'Document 1' });
    // A row added after a refusal is not marked blank by blank before anything is typed in it.
    expect(row.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    await user.type(within(row).getByRole('textbox', { name: "Document's Date" }), '03-02-2025');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast(messages.docTagRequired);
    expectMarked(row, 'Tag Name', messages.docTagRequired);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid', 'true');

    // The row's comment is not what was refused: the toast stays; choosing a tag fixes it.
    await user.type(within(row).getByRole('textbox', { name: 'Comment' }), 'camp');
    expect(toasts()).toHaveLength(1);
    await user.click(within(row).getByRole('textbox', { name: 'Tag Name' }));
    await user.click(await screen.findByRole('option', { name: 'Prescription', hidden: true }));
    await waitFor(() => expect(toasts()).toHaveLength(0));
    expect(row.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);

    // Saved without a file: the row's file is refused in the same words as before.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast(messages.documentsRequired);
    expect(await currentDb().outbox.count()).toBe(0);
  });

  it('Add CWC Refer: CWC Case No.; Edit CWC Produce marks its new row (after the kept documents) by its own number', async () => {
    await offlineDevice(fieldWorker);
    const refer = renderRoutes([{ path: '/refer/add', element: <CwcFormPage kind="refer" /> }], '/refer/add');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await expectToast('The CWC Case No. field is required.');
    expectMarked(document.body, 'CWC Case No.', 'The CWC Case No. field is required.');
    refer.unmount();

    await currentDb()
      .entity('cwcProduce')
      .put({
        cid: 'p1',
        id: 4,
        childregId: 7,
        centerId: 3,
        transfer_date: '2025-02-01',
        comment: 'Produced',
        documents: [{ id: 2, tagId: 1, doc_date: '2025-02-01', tag_data: { name: 'Order' } }],
        _sync: 'synced',
      });
    const router = createMemoryRouter([{ path: '/produce/add', element: <CwcFormPage kind="produce" /> }], {
      initialEntries: [{ pathname: '/produce/add', state: { cid: 'p1' } }],
    });
    rtlRender(
      <Providers env="test">
        <RouterProvider router={router} />
      </Providers>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add Document' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await expectToast(messages.docTagRequired);
    expectMarked(screen.getByRole('group', { name: 'Document 1' }), 'Tag Name', messages.docTagRequired);
  });
});

describe('the error toast', () => {
  it('leaves when the dialog closes', async () => {
    await offlineDevice(adminUser);
    render(<Opened form={(close) => <MealModal onClose={close} />} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Meal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast(messages.mealCenterRequired);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('closed')).toBeInTheDocument();
    await waitFor(() => expect(toasts()).toHaveLength(0));
  });

  it('is one at a time: a second refusal replaces the first', async () => {
    await offlineDevice(fieldWorker);
    render(<BalanceModal onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Previous Balance' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('The Activity Date field is required.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('The Activity Date field is required.');
    await waitFor(() => expect(toasts()).toHaveLength(1));
  });

  it('sits top right (spec part 1, section 9); a dialog opens at --dialog-top, which app.css moves below the first toast on touch sizes', async () => {
    await offlineDevice(adminUser);
    render(<SchemeModal onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await expectToast(messages.schemeRequired);
    expect(toasts()[0]!.closest('[data-position]')).toHaveAttribute('data-position', 'top-right');
    const root = document.querySelector<HTMLElement>('.mantine-Modal-root')!;
    expect(root.style.getPropertyValue('--modal-y-offset')).toBe('var(--dialog-top)');
  });
});
