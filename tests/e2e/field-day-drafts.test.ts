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
    await page.getByTestId('draft-notice').waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Draft Day Child');

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
