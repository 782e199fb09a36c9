import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  apiLogin,
  baseUrl,
  demoPassword,
  launchChromium,
  newContext,
  waitForServiceWorker,
  rowSent,
} from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenListPage } from './pages/children-list';
import { ChildrenWizardPage } from './pages/children-wizard';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

// A 1x1 PNG.

async function serverChildrenNamed(name: string): Promise<unknown[]> {
  const token = await apiLogin('admin@demo.test');
  const response = await fetch(`${baseUrl()}/api/child-registrations?per_page=100`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ name }),
  });
  const body = (await response.json()) as { data: { name: string }[] };
  return body.data.filter((c) => c.name === name);
}

describe('children (spec part 1 sections 2 and 3)', () => {
  it('a registration finished offline shows Pending, survives a reload offline, and reaches the server once', async () => {
    const context = await newContext(browser, { width: 768, height: 1024 });
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    const list = new ChildrenListPage(page);
    await list.open();

    const name = `Offline Child ${Date.now()}`;
    const wizard = new ChildrenWizardPage(page);
    await wizard.open();
    await wizard.fillRequired(name, 'Female');

    await context.setOffline(true);
    await wizard.next();
    await wizard.next();
    await wizard.finish();
    await page.waitForURL('**/child-registration');
    await list.row(name).getByText('Pending').waitFor();

    // A reload (offline) opens on the lock screen: the password opens it offline (newContext).
    await page.reload();
    await list.row(name).getByText('Pending').waitFor();
    expect(await serverChildrenNamed(name).catch(() => [])).toHaveLength(0);

    await context.setOffline(false);
    await rowSent(list.row(name), 60_000);
    expect(await serverChildrenNamed(name)).toHaveLength(1);
    await context.close();
  });

  it('a viewer sees no Add Child, Quick Add, Bulk Update, edit controls or row checkboxes', async () => {
    const context = await newContext(browser, { width: 768, height: 1024 });
    const page = await context.newPage();
    await new LoginPage(page).signIn('viewer@demo.test', demoPassword());
    const list = new ChildrenListPage(page);
    await list.open();
    await page.getByTestId('data-row').first().waitFor({ timeout: 60_000 });
    for (const name of ['Add Child', 'Quick Add', 'Bulk Update']) expect(await list.button(name).count()).toBe(0);
    expect(await list.editButtons().count()).toBe(0);
    // Rows are ticked only for Bulk Update: a viewer has no row checkboxes.
    expect(await page.getByRole('checkbox', { name: /^Select (row|all)/ }).count()).toBe(0);
    await context.close();
  });
});
