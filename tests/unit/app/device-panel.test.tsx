import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mutations, saveDraft } from '../../../sync';
import { UserMenu } from '../../../src/app/layout/user-menu';
import { installStore } from '../../../src/app/install-prompt';
import { showBytes } from '../../../src/lib/words';
import { render } from '../../render';
import { adminUser, makeChild, seedChildren } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

describe("'On this device' (from the user menu)", () => {
  afterEach(() => {
    teardownDevice();
    Reflect.deleteProperty(navigator, 'storage');
    installStore.setState({ offer: null, installed: false });
  });

  it('counts the children, records, queued changes and drafts held offline, the storage used and left, and whether it is kept', async () => {
    await offlineDevice(adminUser);
    await seedChildren([makeChild(1), makeChild(2)]);
    // A change waiting to be sent (a tag: no file, so the failing network is all it meets).
    expect((await mutations.tags.create({ name: 'Waiting tag' })).ok).toBe(true);
    await saveDraft('quick-add:new', { name: 'Half typed' });
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: {
        estimate: async () => ({ usage: 5 * 1024 * 1024, quota: 100 * 1024 * 1024 }),
        persisted: async () => false,
      },
    });

    render(<UserMenu />);
    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'On this device' }));
    const panel = await screen.findByTestId('device-panel');
    const value = (label: string) =>
      within(panel).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(value('Children')).toBe('2');
    expect(Number(value('Records kept for offline work'))).toBeGreaterThanOrEqual(3);
    expect(value('Changes not yet sent')).toBe('1');
    expect(value('Changes waiting for your decision')).toBe('0');
    expect(value('Forms with a draft')).toBe('1');
    expect(value('Last sync')).toBe('Not synced yet');
    expect(within(panel).getByTestId('device-storage')).toHaveTextContent('5.0 MB used, 95 MB left');
    expect(within(panel).getByTestId('device-persisted')).toHaveTextContent('may clear this data');
    expect(within(panel).getByRole('link', { name: 'Open the Sync page' })).toHaveAttribute('href', '/sync');
    expect(within(panel).getByText(/Not installed/)).toBeInTheDocument();
  });

  it("offers to install when the browser allows it, from the menu and the panel, and uses the browser's own dialog", async () => {
    await offlineDevice(adminUser);
    const prompt = vi.fn(async () => undefined);
    act(() =>
      installStore.setState({
        offer: Object.assign(new Event('beforeinstallprompt'), {
          prompt,
          userChoice: Promise.resolve({ outcome: 'accepted' as const }),
        }),
      }),
    );
    render(<UserMenu />);
    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(installStore.getState()).toMatchObject({ offer: null, installed: true });
  });

  it('sizes read as people read them', () => {
    expect([showBytes(900), showBytes(2048), showBytes(12.4 * 1024 * 1024), showBytes(3 * 1024 ** 3)]).toEqual([
      '900 bytes',
      '2.0 KB',
      '12 MB',
      '3.0 GB',
    ]);
  });
});
