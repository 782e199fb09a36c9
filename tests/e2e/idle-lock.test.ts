import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  demoPassword,
  gotoLocked,
  launchChromium,
  newContext,
  unlockAfterWrongPassword,
  waitForServiceWorker,
} from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenWizardPage } from './pages/children-wizard';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Pretends the last input was long ago, then lets the app look (it checks on visibility changes too). */
async function goIdle(page: Page) {
  await page.evaluate(() => {
    localStorage.setItem('ashray-last-active', String(Date.now() - 60 * 60_000));
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('idle lock (DESIGN: Security on the device)', () => {
  it('covers the app after idle time, opens offline with the password, and keeps what was typed', async () => {
    const context = await newContext(browser, { width: 768, height: 1024 });
    const page = await context.newPage();
    await new LoginPage(page).signIn('staff@demo.test', demoPassword());
    await waitForServiceWorker(page);
    const wizard = new ChildrenWizardPage(page);
    await wizard.open();
    await wizard.type('Name', 'Half Typed Child');

    await goIdle(page);
    const lock = page.getByRole('dialog', { name: 'Ashray is locked' });
    await lock.waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).isVisible()).toBe(false);

    await context.setOffline(true);
    await unlockAfterWrongPassword(lock);
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Half Typed Child');

    // Closed and reopened after the idle time (offline, from the service worker): still locked.
    await page.evaluate(() => localStorage.setItem('ashray-last-active', String(Date.now() - 60 * 60_000)));
    await gotoLocked(page, '/dashboard');
    await lock.waitFor();
    await lock.getByLabel('Password').fill(demoPassword());
    await lock.getByRole('button', { name: 'Unlock' }).click();
    await lock.waitFor({ state: 'detached' });
    await page.getByTestId('page-title').filter({ hasText: 'Dashboard' }).waitFor();
    await context.close();
  });

  it('Sign out from the lock screen goes to /login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signIn('viewer@demo.test', demoPassword());
    await goIdle(page);
    const lock = page.getByRole('dialog', { name: 'Ashray is locked' });
    await lock.getByRole('button', { name: 'Sign out' }).click();
    await new LoginPage(page).shown();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await context.close();
  });
});
