import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../../render';
import { UpdatePrompt } from '../../../src/app/update-prompt';
import { useAppUpdate } from '../../../src/app/register-worker';
import { useUnsavedForms } from '../../../src/lib/unsaved-forms';

describe('update prompt (never reloads over unsaved input)', () => {
  it('shows nothing until a new version waits', () => {
    useAppUpdate.setState({ waiting: false });
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();
  });

  it('waits while a form has unsaved input, then updates on request', async () => {
    const activate = vi.fn();
    useAppUpdate.setState({ waiting: true, activate });
    useUnsavedForms.setState({ dirty: new Set(['quick-add']) });
    render(<UpdatePrompt />);
    expect(screen.getByText('Save or close the open form first; the update waits for it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update now' })).toBeDisabled();

    act(() => useUnsavedForms.setState({ dirty: new Set() }));
    await userEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(activate).toHaveBeenCalledOnce();
  });
});
