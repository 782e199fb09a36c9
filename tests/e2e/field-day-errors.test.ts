import { describe, expect, it } from 'vitest';
import { deviceReadyOffline } from './pages/field-day';
import { sharedBrowser, viewports } from './support/browser';
import { ChildrenWizardPage } from './pages/children-wizard';
import { ChildrenListPage } from './pages/children-list';

const { phone } = viewports;

const browser = sharedBrowser();

describe('a form says where it stopped, on a phone', () => {
  it('Quick Add and the wizard mark the failing field (invalid, its message under it, focused) as well as the toast; typing clears the mark in Quick Add', async () => {
    const { context, page } = await deviceReadyOffline(browser(), phone);
    const list = new ChildrenListPage(page);
    await list.open();
    await list.button('Quick Add').click();
    const quickAdd = list.dialog('Quick Add');
    await quickAdd.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Name is required' }).first().waitFor();
    const name = quickAdd.getByRole('textbox', { name: 'Name', exact: true });
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await quickAdd.getByText('Name is required', { exact: true }).count()).toBe(1);
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    await name.fill('Marked Field Child');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('false');
    await page.keyboard.press('Escape');

    const wizard = new ChildrenWizardPage(page);
    await wizard.open();
    await page.getByRole('button', { name: 'Next' }).click();
    const wizardName = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect.poll(() => wizardName.getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });
});
