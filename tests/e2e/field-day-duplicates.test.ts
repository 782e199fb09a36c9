import { describe, expect, it } from 'vitest';
import { SyncHeader, deviceReadyOffline } from './pages/field-day';
import { sharedBrowser, viewports } from './support/browser';
import { ChildrenListPage } from './pages/children-list';
import { png } from './pages/children-wizard';

const { phone } = viewports;

const browser = sharedBrowser();

describe('the same child is not registered twice, on a phone', () => {
  it('a second Quick Add of the same child, offline, shows the likely match and opens it instead of saving', async () => {
    const { context, page } = await deviceReadyOffline(browser(), phone);
    await new SyncHeader(page).waitForTone('synced', 120_000);
    await context.setOffline(true);

    const list = new ChildrenListPage(page);
    await list.open();
    const child = {
      name: `Twice Told ${Date.now() % 100000}`,
      gender: 'Female',
      arrival: '05-03-2024',
      referredBy: 'Produce to CWC',
      image: { name: 'twice.png', mimeType: 'image/png', buffer: png },
    };
    await list.quickAdd(child);
    await list.toast('Child added successfully').waitFor();
    await list.dialog('Quick Add').waitFor({ state: 'detached' });

    await list.quickAdd(
      { ...child, name: child.name.toLowerCase(), arrival: '07-03-2024' },
      { asNewChildIfAsked: false },
    );
    const matches = list.dialog('Quick Add').getByTestId('possible-matches');
    await matches.waitFor();
    expect(await matches.textContent()).toContain('This child may already be registered');
    expect(await matches.getByTestId('possible-match').count()).toBe(1);
    expect(await matches.getByTestId('possible-match').textContent()).toContain(child.name);

    await matches.getByRole('link', { name: `Open ${child.name}` }).click();
    await page.waitForURL('**/child-registration/profile?child=*');
    // The existing child's profile, not a new registration.
    await page.getByRole('heading', { name: child.name, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);

    await list.open();
    await expect.poll(() => list.row(child.name).count()).toBe(1);
    await context.close();
  });
});
