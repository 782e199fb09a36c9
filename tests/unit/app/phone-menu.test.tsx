import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { sessionStore } from '../../../sync';
import { AppSidebar } from '../../../src/app/layout/app-sidebar';
import { render } from '../../render';

describe('the side menu (spec part 1, section 2) on a phone or tablet', () => {
  beforeEach(() => {
    sessionStore.setState({
      status: 'signed-in',
      user: { id: 1, token: 't', name: 'Admin', email: 'admin@demo.test', role: { name: 'admin' }, centerId: 1 },
    });
  });
  afterEach(() => sessionStore.setState({ status: 'signed-out', user: null }));

  it('a link entry closes the menu as it opens its screen', () => {
    const onNavigate = vi.fn();
    render(<AppSidebar onNavigate={onNavigate} />);
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('Medical closes the menu and asks which beneficiaries, saying what each choice holds', async () => {
    const onNavigate = vi.fn();
    render(<AppSidebar onNavigate={onNavigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Our Services' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Medical' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    const dialog = await screen.findByRole('dialog', { name: 'Select Beneficiaries Type' });
    const registered = screen.getByRole('radio', { name: 'Registered Beneficiaries' });
    const other = screen.getByRole('radio', { name: 'Non-Registered Beneficiaries' });
    await waitFor(() => expect(dialog.textContent).toContain('without a child registration'));
    const described = (radio: HTMLElement) =>
      document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described(registered)).toBe('Children in the Child Registration List who were given this service.');
    expect(described(other)).toMatch(/^People given this service without a child registration/);
  });
});
