import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { apiGet, apiLogin, baseUrl, demoPassword, launchChromium, newContext, waitForOfflineData, waitForServiceWorker } from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenListPage } from './pages/children-list';
import { ActionsProfilePage } from './pages/actions-profile';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** One action of the profile: how to open and fill its form, the table it lands in and the Present Status it gives. */
type ActionCase = {
  menu: string;
  table: string;
  open: 'add' | string;
  toast: string;
  status: string;
  fill: (profile: ActionsProfilePage, comment: string) => Promise<void>;
};

const cases: ActionCase[] = [
  {
    menu: 'Medical',
    table: 'Medical',
    open: 'add',
    toast: 'Medical added successfully',
    status: 'medical issue',
    fill: async (p, comment) => {
      await p.date('Medical Test Date', '10-01-2025');
      await p.pickFirst('Medical Issue');
      await p.type('Comment', comment);
    },
  },
  {
    menu: 'Education',
    table: 'Education',
    open: 'add',
    toast: 'Education added successfully',
    status: 'education',
    fill: async (p, comment) => {
      await p.date('Educational Date', '11-01-2025');
      await p.pick('Education', 'Formal School');
      await p.type('Comment', comment);
    },
  },
  {
    menu: 'MHP',
    table: 'MHP',
    open: 'add',
    toast: 'MHP added successfully',
    status: 'mhp',
    fill: async (p, comment) => {
      await p.date('Date', '12-01-2025');
      await p.pickFirst('MHP');
      await p.type('Comment', comment);
    },
  },
  {
    menu: 'Social Protection Scheme',
    table: 'Social Protection Scheme',
    open: 'add',
    toast: 'Social Protection Scheme added successfully',
    status: 'social protection scheme',
    fill: async (p, comment) => {
      await p.date('Date', '13-01-2025');
      await p.pickFirst('Social Protection Scheme');
      await p.type('Comment', comment);
    },
  },
  {
    menu: 'Follow-Ups',
    table: 'Follow-Ups',
    open: 'add',
    toast: 'Follow Up added successfully',
    status: 'follow up',
    fill: async (p, comment) => {
      await p.pick('Follow-Up Method', 'By Telephone');
      await p.date('Date', '14-01-2025');
      await p.type('Comment', comment);
    },
  },
  {
    menu: 'Restore',
    table: 'Restore',
    open: 'Restore',
    toast: 'Restore added successfully',
    status: 'restoration',
    fill: async (p, comment) => {
      await p.date('Restoration date', '15-01-2025');
      await p.pickFirst('Restoration Method');
      await p.type('Restored To', 'Father, Ram Kumar');
      await p.type('Restoration Address', 'Village Rampur, Bihar');
      await p.type('Comment', comment);
    },
  },
  {
    menu: 'Transfer',
    table: 'Centers',
    open: 'Transfer',
    toast: 'Transfer added successfully',
    status: 'transfer',
    fill: async (p, comment) => {
      await p.date('Transfer date', '16-01-2025');
      await p.pick('Transfer To Center', 'Udaan Home for Boys');
      await p.type('Comment', comment);
    },
  },
  {
    menu: 'Escort/Exit',
    table: 'Escort/Exit',
    open: 'Escort/Exit',
    toast: 'Escort/Exit added successfully',
    status: 'Escort by Police',
    fill: async (p, comment) => {
      await p.date('Date Of Escort/Exit', '17-01-2025');
      await p.pick('Exit Method', 'Escort by Police');
      await p.type('Escort/Exit To', 'Railway Police, Patna');
      await p.type('Escort/Exit Address', 'Patna Junction, Bihar');
      await p.type('Comment', comment);
    },
  },
];

/** The server's id of the child named `name`. */
async function serverChildId(name: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/child-registrations?per_page=100`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ name }),
  });
  const body = (await response.json()) as { data: Array<{ id: number; name: string }> };
  const child = body.data.find((c) => c.name === name);
  if (!child) throw new Error(`${name} is not on the server`);
  return child.id;
}

/** Saves one action offline, then goes online and waits until its row has synced. */
async function saveOffline(context: BrowserContext, profile: ActionsProfilePage, action: ActionCase, comment: string) {
  await profile.menu(action.menu);
  await context.setOffline(true);
  if (action.open === 'add') await profile.add();
  else await profile.action(action.open);
  await action.fill(profile, comment);
  await profile.save(action.toast);
  const row = profile.rows(action.table).filter({ hasText: comment });
  await row.getByText('Pending').waitFor();
  await context.setOffline(false);
  await row.getByText('Pending').waitFor({ state: 'detached', timeout: 60_000 });
}

describe('per-child actions offline (issue 5)', () => {
  it('each action saved offline reaches its history table and Present Status after sync; only the newest entry may be deleted', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    await waitForOfflineData(page);
    const profile = new ActionsProfilePage(page);
    const name = `Actions Child ${Date.now()}`;
    await profile.register(name);

    // The scheme names reach the device while online.
    await profile.openEdit(name);
    await profile.menu('Social Protection Scheme');
    await profile.add();
    await page.getByRole('textbox', { name: 'Social Protection Scheme', exact: true }).click();
    await page.getByRole('option').filter({ visible: true }).first().waitFor();
    await page.keyboard.press('Escape');
    await profile.dialog().getByRole('button', { name: 'Cancel' }).click();
    await profile.dialog().waitFor({ state: 'detached' });

    const list = new ChildrenListPage(page);
    for (const action of cases) {
      const comment = `${action.menu} offline ${Date.now()}`;
      await saveOffline(context, profile, action, comment);
      await list.open();
      await expect.poll(() => list.row(name).locator('[data-status-color]').textContent(), { timeout: 30_000 }).toBe(action.status);
      await profile.openEdit(name);
    }

    // A second Medical entry: only the newest has Delete; deleting it asks first.
    const medical = cases[0]!;
    const second = `Medical second ${Date.now()}`;
    await saveOffline(context, profile, medical, second);
    const rows = profile.rows('Medical');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.first().filter({ hasText: second }).waitFor();
    expect(await rows.nth(1).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await rows.first().getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Medical' });
    await confirm.getByText('Are you sure you want to delete this entry?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await profile.toast('Medical deleted successfully').waitFor();
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
    expect(await rows.first().textContent()).not.toContain(second);
    await rows.first().getByRole('button', { name: 'Delete' }).waitFor();

    // The server holds what the device shows.
    const token = await apiLogin('admin@demo.test');
    const id = await serverChildId(name, token);
    const onServer = async () => (await apiGet<{ comment: string }[]>(`/listing/${id}/medical_issue`, token)).map((r) => r.comment);
    await expect.poll(async () => (await onServer()).length, { timeout: 30_000 }).toBe(1);
    expect((await onServer())[0]).toMatch(/^Medical offline /);
    const exits = await apiGet<{ history_status: string }[]>(`/listing/${id}/escort_exit`, token);
    expect(exits.map((r) => r.history_status)).toEqual(['by_police']);
    await context.close();
  });
});
