import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demoPassword, launchChromium, newContext } from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenListPage } from './pages/children-list';

const tablet = { width: 768, height: 1024 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the profile on a tablet', () => {
  it('the profile address names the child, so a new tab opens the same child', async () => {
    const context = await newContext(browser, tablet);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    const list = new ChildrenListPage(page);
    await list.open();
    const view = page.getByRole('button', { name: /^View / }).first();
    await view.waitFor({ timeout: 120_000 });
    const name = ((await view.getAttribute('aria-label')) ?? '').replace(/^View /, '');
    await view.click();
    await page.waitForURL(/\/child-registration\/profile\?child=\d+&mode=view$/);
    const address = page.url();

    const other = await context.newPage();
    await other.goto(address);
    await other.getByRole('heading', { name, exact: true }).waitFor();
    expect(new URL(other.url()).search).toBe(new URL(address).search);
    await context.close();
  });
});
