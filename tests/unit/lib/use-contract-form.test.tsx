import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { inScreenOrder } from '../../../sync/contract/rules/screen-order';
import { requiredText } from '../../../sync/contract/rules/fields';
import { useContractForm, type SaveOutcome } from '../../../src/lib/use-contract-form';
import { useUnsavedForms } from '../../../src/lib/unsaved-forms';
import { render } from '../../render';
import { adminUser } from '../children/factories';
import { expectToast, lastToast, offlineDevice, teardownDevice } from '../children/helpers';

const schema = inScreenOrder(
  z.object({ name: requiredText('Name is required'), place: requiredText('Place is required') }),
);
type Values = { name: string; place: string };

type ProbeProps = { save: (values: Values) => Promise<SaveOutcome | null>; onSaved?: (values: Values) => void };

/** A two-field form; Place comes first on the page, so the order told is the schema's, not the page's. */
function Probe({ save, onSaved }: ProbeProps) {
  const { form, busy, submit } = useContractForm<Values>({
    schema,
    defaultValues: { name: '', place: '' },
    draftKey: 'probe:new',
    save,
    onSaved,
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <input aria-label="Place" aria-invalid={errors.place ? true : undefined} {...form.register('place')} />
      <input aria-label="Name" aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
      <button type="submit">{busy ? 'Saving' : 'Save'}</button>
    </form>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('useContractForm: the contract schema checks the form, the first failing field is toasted', () => {
  beforeEach(() => offlineDevice(adminUser));
  afterEach(teardownDevice);

  it("toasts the first failing field's message in the schema's field order and does not save", async () => {
    const save = vi.fn(async () => ({ ok: true }) as const);
    render(<Probe save={save} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await expectToast('Name is required');
    // Only the field told about is marked, and it has the focus.
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveFocus();
    expect(field('Place')).not.toHaveAttribute('aria-invalid');

    await userEvent.type(field('Name'), 'Asha');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Place is required');
    expect(save).not.toHaveBeenCalled();
  });

  it('a valid form is saved once with the values as typed, then is no longer unsaved', async () => {
    const save = vi.fn(async () => ({ ok: true }) as const);
    const onSaved = vi.fn();
    render(<Probe save={save} onSaved={onSaved} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Asha');
    await userEvent.type(field('Place'), 'Delhi');
    expect(useUnsavedForms.getState().dirty.size).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ name: 'Asha', place: 'Delhi' }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ name: 'Asha', place: 'Delhi' });
    // The guard is let go by an effect once the reset has rendered.
    await waitFor(() => expect(useUnsavedForms.getState().dirty.size).toBe(0));
  });

  it("a refused save toasts the outcome's message and keeps every value typed", async () => {
    const save = vi.fn(async (): Promise<SaveOutcome> => ({ ok: false, message: 'Something went wrong' }));
    const onSaved = vi.fn();
    render(<Probe save={save} onSaved={onSaved} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Asha');
    await userEvent.type(field('Place'), 'Delhi');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Something went wrong');
    expect(save).toHaveBeenCalledTimes(1);
    expect(onSaved).not.toHaveBeenCalled();
    expect(field('Name')).toHaveValue('Asha');
    expect(field('Place')).toHaveValue('Delhi');
    await waitFor(() => expect(useUnsavedForms.getState().dirty.size).toBe(1));
  });

  it('is busy while the save runs, and the unsaved guard lets go meanwhile', async () => {
    let finish: (outcome: SaveOutcome) => void = () => undefined;
    const save = vi.fn(() => new Promise<SaveOutcome>((resolve) => (finish = resolve)));
    render(<Probe save={save} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Asha');
    await userEvent.type(field('Place'), 'Delhi');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving' })).toBeTruthy();
    await waitFor(() => expect(useUnsavedForms.getState().dirty.size).toBe(0));
    finish({ ok: false, message: 'Try again' });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(await lastToast()).toBe('Try again');
    await waitFor(() => expect(useUnsavedForms.getState().dirty.size).toBe(1));
  });
});
