import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { statusLabel } from '../../sync/contract';
import {
  apiGet,
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
    status: statusLabel('medical_issue'),
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
    status: statusLabel('education'),
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
    status: statusLabel('mhp'),
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
    status: statusLabel('social_protection_scheme'),
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
    status: statusLabel('follow_up'),
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
    status: statusLabel('restoration'),
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
    status: statusLabel('transfer'),
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
    status: statusLabel('by_police'),
    fill: async (p, comment) => {
      await p.date('Date Of Escort/Exit', '17-01-2025');
      await p.pick('Exit Method', 'Escort by Police');
      await p.type('Escort/Exit To', 'Railway Police, Patna');
      await p.type('Escort/Exit Address', 'Patna Junction, Bihar');
      await p.type('Comment', comment);
    },
  },
];

/** Actions after the child is reopened. */
const afterReopen: ActionCase[] = [
  {
    menu: 'Restoration Follow-Up',
    table: 'Restoration Follow-Up',
    open: 'add',
    toast: 'Restoration Follow-Up added successfully',
    status: statusLabel('restoration_follow_up'),
    fill: async (p, comment) => {
      await p.date('Restoration follow up date', '19-01-2025');
      await p.pickFirst('Restoration Method');
      await p.type('Restored To', 'Mother, Sita Devi');
      await p.type('Restoration Address', 'Village Rampur, Bihar');
      await p.type('Comment', comment);
    },
  },
  {
    menu: 'Centers',
    table: 'Centers',
    open: 'add',
    toast: 'Centers added successfully',
    status: statusLabel('transfer'),
    fill: async (p, comment) => {
      await p.pickFirst('Center');
      await p.date('Date', '20-01-2025');
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

/**
 * Saves one action offline: its row is in its history table and the child's Present Status
 * moves on the device at once; then online, the row syncs and Present Status, now pulled
 * with the child from the server, says the same. Starts and ends in the profile's edit
 * mode; moves between screens inside the app. Returns the comment that names the row.
 */
async function actOffline(
  context: BrowserContext,
  profile: ActionsProfilePage,
  name: string,
  action: ActionCase,
): Promise<string> {
  const comment = `${action.menu} offline ${Date.now()}`;
  await profile.menu(action.menu);
  await context.setOffline(true);
  if (action.open === 'add') await profile.add();
  else await profile.action(action.open);
  await action.fill(profile, comment);
  await profile.save(action.toast);
  const row = profile.rows(action.table).filter({ hasText: comment });
  await row.getByText('Pending').waitFor();
  await expect.poll(() => profile.listedStatus(name)).toBe(action.status);

  await context.setOffline(false);
  await profile.editFromList(name);
  await profile.menu(action.menu);
  await rowSent(row, 60_000);
  await expect.poll(() => profile.listedStatus(name), { timeout: 30_000 }).toBe(action.status);
  await profile.editFromList(name);
  return comment;
}

/** Signs in, registers a child online and opens its profile in edit mode. */
async function childInEditMode(): Promise<{
  context: BrowserContext;
  page: Page;
  profile: ActionsProfilePage;
  name: string;
}> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await new LoginPage(page).signIn('admin@demo.test', demoPassword());
  await waitForServiceWorker(page);
  await waitForOfflineData(page);
  const profile = new ActionsProfilePage(page);
  const name = `Actions Child ${Date.now()}`;
  await profile.register(name);
  await profile.openEdit(name);
  return { context, page, profile, name };
}

const historyOnServer = async (name: string, listing: string) => {
  const token = await apiLogin('admin@demo.test');
  return apiGet<{ history_status: string; comment: string }[]>(
    listing.replace(':id', String(await serverChildId(name, token))),
    token,
  );
};

describe('per-child actions offline (spec part 1 section 4)', () => {
  // The history listing each service's entries are read back from on the server.
  const listings: Record<string, string> = {
    Medical: 'medical_issue',
    Education: 'education',
    MHP: 'mhp',
    'Social Protection Scheme': 'social_protection_scheme',
    'Follow-Ups': 'follow_up',
  };
  // Two children, two or three services each: every service still makes its own round trip
  // offline and back, and each test stays well inside its time on a busy 2-core box.
  for (const menus of [
    ['Medical', 'Education', 'MHP'],
    ['Social Protection Scheme', 'Follow-Ups'],
  ]) {
    it(`${menus.join(', ')} saved offline reach their tables and Present Status, on the device at once and after sync`, async () => {
      const { context, page, profile, name } = await childInEditMode();
      if (menus.includes('Social Protection Scheme')) {
        // The scheme names reach the device while online.
        await profile.menu('Social Protection Scheme');
        await profile.add();
        await page.getByRole('textbox', { name: 'Social Protection Scheme', exact: true }).click();
        await page.getByRole('option').filter({ visible: true }).first().waitFor();
        await page.keyboard.press('Escape');
        await profile.dialog().getByRole('button', { name: 'Cancel' }).click();
        await profile.dialog().waitFor({ state: 'detached' });
      }

      const services = cases.filter((c) => menus.includes(c.menu));
      expect(services.map((c) => c.menu)).toEqual(menus);
      const comments = [];
      for (const action of services) comments.push(await actOffline(context, profile, name, action));
      for (const [i, menu] of menus.entries()) {
        expect((await historyOnServer(name, `/listing/:id/${listings[menu]}`)).map((r) => r.comment)).toEqual([
          comments[i],
        ]);
      }
      await context.close();
    });
  }

  it('Restore, Transfer and Escort/Exit offline; REOPEN after the exit refreshes the status; Restoration Follow-Up and Centers change after it', async () => {
    const { context, page, profile, name } = await childInEditMode();
    for (const action of cases.filter((c) => c.open !== 'add')) await actOffline(context, profile, name, action);

    // After the exit REOPEN is offered; reopening offline makes the child current at once.
    await context.setOffline(true);
    await profile.reopenButton().click();
    await profile.toast('Child reopened successfully').first().waitFor();
    await profile.reopenButton().waitFor({ state: 'detached' });
    await expect.poll(() => profile.listedStatus(name)).toBe(statusLabel('reopen'));
    await context.setOffline(false);
    await profile.editFromList(name);
    await profile.menu('Activity Log');
    await page
      .getByRole('table', { name: 'Activity Log', exact: true })
      .getByText('Reopened', { exact: true })
      .waitFor({ timeout: 60_000 });
    await expect.poll(() => profile.listedStatus(name), { timeout: 30_000 }).toBe(statusLabel('reopen'));
    await profile.editFromList(name);

    for (const action of afterReopen) await actOffline(context, profile, name, action);

    expect((await historyOnServer(name, '/listing/:id/escort_exit')).map((r) => r.history_status)).toEqual([
      'by_police',
    ]);
    expect((await historyOnServer(name, '/listing/:id/restoration_follow_up')).map((r) => r.comment)).toEqual([
      expect.stringMatching(/^Restoration Follow-Up offline /),
    ]);
    expect((await historyOnServer(name, '/center_history/:id')).map((r) => r.comment)).toEqual([
      expect.stringMatching(/^Centers offline /),
      expect.stringMatching(/^Transfer offline /),
    ]);
    const token = await apiLogin('admin@demo.test');
    expect((await apiGet<{ reopen: boolean }>(`/child_status/${await serverChildId(name, token)}`, token)).reopen).toBe(
      false,
    );
    await context.close();
  });

  it('only the newest entry of a table may be deleted; deleting it asks first and Present Status falls back', async () => {
    const { context, page, profile, name } = await childInEditMode();
    const [medical, education] = [cases[0]!, cases[1]!];
    const first = await actOffline(context, profile, name, medical);
    await actOffline(context, profile, name, education);
    const second = await actOffline(context, profile, name, medical);
    await profile.menu('Medical');
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
    await rows.first().filter({ hasText: first }).getByRole('button', { name: 'Delete' }).waitFor();
    // The newest entry left is the education one: Present Status follows the delete.
    await expect.poll(() => profile.listedStatus(name), { timeout: 30_000 }).toBe(statusLabel('education'));

    // The server holds what the device shows.
    await expect
      .poll(async () => (await historyOnServer(name, '/listing/:id/medical_issue')).map((r) => r.comment), {
        timeout: 30_000,
      })
      .toEqual([first]);
    await context.close();
  });
});
