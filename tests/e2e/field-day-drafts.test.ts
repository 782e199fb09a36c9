import { describe, expect, it } from 'vitest';
import { deviceReadyOffline } from './pages/field-day';
import { sharedBrowser, viewports } from './support/browser';
import { ChildrenWizardPage } from './pages/children-wizard';
import { ChildrenListPage } from './pages/children-list';

const { phone } = viewports;

const browser = sharedBrowser();

describe('nothing typed is lost, on a phone', () => {
  it('the wizard left through the menu keeps the name, also after an offline reload; Discard draft empties it; Quick Add closed without saving keeps its text', async () => {
    const { context, page } = await deviceReadyOffline(browser(), phone);

    const wizard = new ChildrenWizardPage(page);
    await wizard.open();
    await wizard.type('Name', 'Draft Day Child');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.goBack();
    // Back shows the name either way: the wizard mounts again and restores its draft (with
    // the notice), or, when leaving was a full page load (a waiting service-worker update
    // applies once no form holds unsaved input), Chromium's back-forward cache restores the
    // page exactly as it was. The reload below always reads the draft, and shows the notice.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), { timeout: 15_000 })
      .toBe('Draft Day Child');

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('draft-notice').waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Draft Day Child');
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('');
    await page.reload();
    await page.getByRole('button', { name: 'Next' }).waitFor();
    expect(await page.getByTestId('draft-notice').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('');

    const list = new ChildrenListPage(page);
    await list.open();
    await list.button('Quick Add').click();
    const quickAdd = list.dialog('Quick Add');
    await quickAdd.getByRole('textbox', { name: 'Name', exact: true }).fill('Quick Draft');
    await page.keyboard.press('Escape');
    await quickAdd.waitFor({ state: 'detached' });
    await list.button('Quick Add').click();
    await quickAdd.getByTestId('draft-notice').waitFor();
    expect(await quickAdd.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Quick Draft');
    await context.close();
  });
});
