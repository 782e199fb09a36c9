import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demoPassword, launchChromium, newContext, waitForOfflineData, waitForServiceWorker } from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenWizardPage } from './pages/children-wizard';
import { adminCall, customRoleUser, SyncHeader } from './pages/field-day';

const phone = { width: 390, height: 844 };
const tablet = { width: 768, height: 1024 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("a field worker's sync on a phone", () => {
  it('a custom role without child tracking syncs: the pull asks only for what the role reads, and a 403 is explained', async () => {
    const { email, roleId } = await customRoleUser('registration only', { child_registration: { create: 1, view: 1 } });
    const context = await newContext(browser, phone);
    const page = await context.newPage();
    const refused: string[] = [];
    const asked: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (!path.startsWith('/api/')) return;
      asked.push(path);
      if (r.status() === 403) refused.push(path);
    });
    await new LoginPage(page).signIn(email, demoPassword());
    const header = new SyncHeader(page);
    await header.waitForTone('synced');
    expect(asked).toContain('/api/child-registrations');
    expect(asked).not.toContain('/api/history');
    expect(asked).not.toContain('/api/activitylogs');
    expect(refused).toEqual([]);
    await expect.poll(() => header.notice().count()).toBe(0);

    // The role loses child registration while the device still holds the old one.
    await adminCall('/role_permission', { id: roleId, cwc: { view: 1 } });
    await header.chip().click();
    await page.waitForURL('**/sync');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await header.waitForTone('limited');
    // Notifications name children, so they need child_registration view too (sync/SPEC.md R21).
    expect(await header.notice().textContent()).toBe(
      'Your role does not let this device read children, child documents, notifications. Ask an administrator if you need it.',
    );
    expect(refused).toContain('/api/child-registrations');
    expect(await page.getByTestId('sync-attention').count()).toBe(0);
    await context.close();
  });

  it('offline is normal: the changes saved on the device are counted, nothing is red', async () => {
    const context = await newContext(browser, phone);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    await waitForOfflineData(page);
    const header = new SyncHeader(page);
    await header.waitForTone('synced', 120_000);

    await context.setOffline(true);
    await header.waitForTone('offline');
    expect(await header.notice().textContent()).toBe('Offline — your work is saved on this device');
    const wizard = new ChildrenWizardPage(page);
    await wizard.open();
    await wizard.fillRequired(`Offline Day ${Date.now()}`);
    await wizard.next();
    await wizard.next();
    await wizard.finish();
    await page.waitForURL('**/child-registration');
    await expect.poll(() => header.notice().textContent()).toBe('Offline — 1 change saved on this device');
    expect(await header.notice().getAttribute('data-tone')).toBe('offline');
    expect(await page.getByTestId('sync-attention').count()).toBe(0);
    expect(await header.chip().textContent()).toContain('Offline');

    // Online again but the server does not answer the page: still calm, still counted (the
    // service worker's Background Sync, which page.route does not see, may deliver the change).
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await context.setOffline(false);
    await expect
      .poll(() => header.notice().textContent(), { timeout: 30_000 })
      .toMatch(/^The server is not answering — [01] changes? saved on this device, sent when it answers$/);
    expect(await page.getByTestId('sync-attention').count()).toBe(0);

    await page.unroute('**/api/**');
    await header.chip().click();
    await page.waitForURL('**/sync');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await header.waitForTone('synced');
    await expect.poll(() => header.notice().count()).toBe(0);
    await context.close();
  });

  it('the header is readable at 390 px: a chip with words that opens /sync, the avatar on screen, a one-line title', async () => {
    const context = await newContext(browser, phone);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await page.goto('/child-registration/profile');
    const header = new SyncHeader(page);
    await header.waitForTone('synced', 120_000);
    // Words, not dots: the chip reads 'Online', and is named 'Sync status: Online …' for screen readers.
    expect(await header.chip().getByTestId('connectivity').innerText()).toBe('Online');
    expect((await header.chip().innerText()).trim()).toMatch(/^Sync status:\s*Online/);

    const title = await header.box('[data-testid="page-title"]');
    expect(title.height).toBeLessThan(30);
    for (const selector of [
      '[data-testid="sync-indicator"]',
      '[data-testid="user-menu"]',
      'button[aria-label^="Notifications"]',
      'button[aria-label="Toggle navigation"]',
    ]) {
      const box = await header.box(selector);
      expect(box.x, selector).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, selector).toBeLessThanOrEqual(phone.width);
      expect(box.height, selector).toBeGreaterThanOrEqual(44);
      expect(box.width, selector).toBeGreaterThanOrEqual(44);
    }
    await header.chip().click();
    await page.waitForURL('**/sync');
    await context.close();
  });

  it('on a tablet the chip is not cut and shows the last sync', async () => {
    const context = await newContext(browser, tablet);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    const header = new SyncHeader(page);
    await header.waitForTone('synced', 120_000);
    const fits = await header
      .chip()
      .evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.closest('header')!.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    expect(await page.getByTestId('last-sync').innerText()).toMatch(/^Last sync/);
    const chip = await header.box('[data-testid="sync-indicator"]');
    expect(chip.x + chip.width).toBeLessThanOrEqual(tablet.width);
    await context.close();
  });
});
