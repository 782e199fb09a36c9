import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  ChangeAction,
  DeleteAction,
  EditAction,
  GoToChildAction,
  IconAction,
  RowActions,
} from '../../../src/components/row-actions';
import { onlyViewStore } from '../../../src/lib/only-view';
import { render } from '../../render';

const row = (
  <RowActions>
    <IconAction tooltip="View" label="View Asha" icon="v" onClick={() => undefined} view />
    <IconAction tooltip="Set Permission" label="Set permission of Staff" icon="p" onClick={() => undefined} />
    <GoToChildAction child={{ id: 4, cid: 'srv-4', name: 'Asha' }} />
    <EditAction name="Asha" onClick={() => undefined} />
    <DeleteAction
      name="Asha"
      title="Delete child"
      question="Delete Asha?"
      success="Deleted"
      onDelete={async () => ({ ok: true })}
    />
    <ChangeAction>
      <button type="button">Mark As Read</button>
    </ChangeAction>
  </RowActions>
);

const names = () =>
  [...screen.queryAllByRole('button'), ...screen.queryAllByRole('link')]
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((el) => el.getAttribute('aria-label') ?? el.textContent);

afterEach(() => {
  act(() => onlyViewStore.getState().setOnlyView(false));
  localStorage.clear();
});

describe('row actions (spec part 1, section 6: a hide-action mode leaves only view)', () => {
  it('shows every permitted action normally', () => {
    render(row);
    expect(names()).toEqual([
      'View Asha',
      'Set permission of Staff',
      'Go to Asha',
      'Edit Asha',
      'Delete Asha',
      'Mark As Read',
    ]);
  });

  it('leaves only view in the hide-action mode, and brings the rest back when it is turned off', () => {
    act(() => onlyViewStore.getState().setOnlyView(true));
    render(row);
    expect(names()).toEqual(['View Asha']);
    act(() => onlyViewStore.getState().setOnlyView(false));
    expect(names()).toHaveLength(6);
  });

  it('is remembered on this device', () => {
    act(() => onlyViewStore.getState().setOnlyView(true));
    expect(JSON.parse(localStorage.getItem('ashray.rowActions.onlyView') ?? '{}')).toMatchObject({
      state: { onlyView: true },
    });
  });
});

describe('a confirmed delete that fails on this device', () => {
  it('says "Something went wrong!" and closes its dialog instead of spinning with no word said', async () => {
    const failing = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <DeleteAction
        name="Asha"
        title="Delete child"
        question="Delete Asha?"
        success="Deleted"
        onDelete={() => Promise.reject(new Error('The database connection is closing'))}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Asha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete child' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete child' })).toBeNull());
    expect(screen.queryByText('Deleted')).toBeNull();
    expect(failing).toHaveBeenCalled();
    failing.mockRestore();
  });
});
