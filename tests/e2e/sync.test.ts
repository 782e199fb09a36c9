import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  apiLogin,
  baseUrl,
  demoPassword,
  launchChromium,
  newContext,
  waitForOfflineData,
  waitForServiceWorker,
  rowSent,
} from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenListPage } from './pages/children-list';
import { ChildrenWizardPage } from './pages/children-wizard';
import { ChildProfilePage } from './pages/child-profile';
import { signedInForOffline } from './pages/field-day';
import { registerOnServer } from './support/server-child';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function serverChildren(prefix: string): Promise<Array<{ id: number; name: string; f_name: string | null }>> {
  const token = await apiLogin('admin@demo.test');
  const response = await fetch(`${baseUrl()}/api/child-registrations?per_page=100`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ name: prefix }),
  });
  const body = (await response.json()) as { data: Array<{ id: number; name: string; f_name: string | null }> };
  return body.data.filter((c) => c.name.startsWith(prefix));
}

async function register(page: Page, name: string) {
  const wizard = new ChildrenWizardPage(page);
  await wizard.open();
  await wizard.fillRequired(name);
  await wizard.next();
  await wizard.next();
  await wizard.finish();
  await page.waitForURL('**/child-registration');
}

describe('offline sync end to end (SPEC R1-R14)', () => {
  it('records created and edited offline survive a reload and a closed page, and reach the server exactly once', async () => {
    const context = await newContext(browser);
    let page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    await waitForOfflineData(page);
    await new ChildrenListPage(page).open();
    const prefix = `Sync Child ${Date.now()}`;

    await page
      .getByTestId('last-sync')
      .filter({ hasText: /^Last sync/ })
      .waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    await register(page, `${prefix} A`);
    await register(page, `${prefix} B`);
    const profile = new ChildProfilePage(page);
    await profile.openEdit(`${prefix} A`);
    await profile.setText('Father Name', 'Mohan Lal');
    await profile.finish();
    expect(await page.getByTestId('pending-count').textContent()).toMatch(/^\d+ pending$/);

    await page.reload(); // the app shell comes from the service worker, the rows from IndexedDB
    const list = new ChildrenListPage(page);
    await list.row(`${prefix} A`).getByText('Pending').waitFor();
    await list.row(`${prefix} B`).getByText('Pending').waitFor();
    await page.close();

    await context.setOffline(false);
    page = await context.newPage();
    await page.goto('/child-registration');
    await page.getByTestId('sync-indicator').waitFor();
    await expect.poll(async () => (await serverChildren(prefix)).length, { timeout: 60_000 }).toBe(2);
    await page.getByTestId('pending-count').waitFor({ state: 'detached', timeout: 30_000 });
    const onServer = await serverChildren(prefix);
    expect(onServer.map((c) => c.name).sort()).toEqual([`${prefix} A`, `${prefix} B`]);
    expect(onServer.find((c) => c.name === `${prefix} A`)?.f_name).toBe('Mohan Lal');
    await context.close();
  });

  it('Background Sync: with every page of the app closed, the service worker sends the queue once', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    await waitForOfflineData(page);
    await new ChildrenListPage(page).open();
    await page
      .getByTestId('last-sync')
      .filter({ hasText: /^Last sync/ })
      .waitFor({ timeout: 60_000 });
    const name = `Background Child ${Date.now()}`;
    await context.setOffline(true);
    await register(page, name);
    await new ChildrenListPage(page).row(name).getByText('Pending').waitFor();
    await page.close(); // no page of the app is left: only its service worker can send
    expect(await serverChildren(name)).toHaveLength(0);
    await context.setOffline(false);

    // The browser fires 'sync' when it sees the network come back; DevTools fires the same
    // event now (emulated offline is not a network change Chromium's scheduler sees).
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect
      .poll(() => registrations.some((r) => r.scopeURL.startsWith(baseUrl())), { timeout: 10_000 })
      .toBe(true);
    const registration = registrations.find((r) => r.scopeURL.startsWith(baseUrl()))!;
    expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);
    await expect
      .poll(
        async () => {
          await cdp.send('ServiceWorker.dispatchSyncEvent', {
            origin: new URL(baseUrl()).origin,
            registrationId: registration.registrationId,
            tag: 'ashray-replay',
            lastChance: false,
          });
          return (await serverChildren(name)).length;
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(baseUrl()).origin,
      registrationId: registration.registrationId,
      tag: 'ashray-replay',
      lastChance: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // a second event after the queue emptied
    expect(await serverChildren(name)).toHaveLength(1);
    await context.close();
  });

  it('two devices edit the same field offline: the second to sync resolves the conflict in /sync and the server keeps the choice', async () => {
    const name = `Conflict Child ${Date.now()}`;
    // The child comes from another device (the API): this journey is about the conflict.
    // Both devices then sign in side by side and bring it with their first sync.
    await registerOnServer(name, await apiLogin('admin@demo.test'));
    const first = await newContext(browser);
    const second = await newContext(browser);
    const pageA = await first.newPage();
    const pageB = await second.newPage();
    await Promise.all([
      signedInForOffline(pageA, 'admin@demo.test'),
      signedInForOffline(pageB, 'superadmin@demo.test'),
    ]);
    const listB = new ChildrenListPage(pageB);
    await listB.open();
    await listB.row(name).waitFor();

    await first.setOffline(true);
    await second.setOffline(true);
    const profileA = new ChildProfilePage(pageA);
    await profileA.openEdit(name);
    await profileA.setText('Father Name', 'Ramesh');
    await profileA.finish();
    const profileB = new ChildProfilePage(pageB);
    await profileB.openEdit(name);
    await profileB.setText('Father Name', 'Suresh');
    await profileB.finish();

    await first.setOffline(false);
    await rowSent(new ChildrenListPage(pageA).row(name), 60_000);
    expect((await serverChildren(name))[0].f_name).toBe('Ramesh');

    await second.setOffline(false);
    await pageB.getByTestId('sync-attention').waitFor({ timeout: 60_000 });
    await pageB.getByRole('link', { name: 'Sync status' }).click();
    const card = pageB.getByTestId('conflict-card');
    await card.waitFor();
    expect(await card.getByRole('table', { name: 'Conflicting fields' }).textContent()).toContain('Ramesh');
    await card.getByRole('button', { name: 'Keep mine' }).click();
    await card.waitFor({ state: 'detached' });
    await pageB.getByText('Nothing to review.').waitFor();
    await expect.poll(async () => (await serverChildren(name))[0].f_name, { timeout: 60_000 }).toBe('Suresh');
    await first.close();
    await second.close();
  }, 300_000);
});
