import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  apiGet,
  apiLogin,
  baseUrl,
  demoPassword,
  launchChromium,
  newContext,
  waitForServiceWorker,
} from './support/browser';
import { LoginPage } from './pages/login-page';
import { asFilterDate, Part2ListsPage } from './pages/part2-lists';
import { SyncHeader } from './pages/field-day';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const api = async <T>(method: string, path: string, token: string, body?: unknown | FormData): Promise<T> => {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
};

/** A user bound to the staff's contact point whose custom role has exit_restore view and may record actions. */
async function exitReaderAtContactPoint(): Promise<{ email: string; centerId: number; centerName: string }> {
  const admin = await apiLogin('admin@demo.test');
  const staff = await apiLogin('staff@demo.test');
  const me = await apiGet<{ centerId: number }>('/me', staff);
  const centers = await apiGet<{ id: number; name: string }[]>('/centers_list', admin);
  const stamp = Date.now();
  const role = await api<{ data: { id: number } }>('POST', '/role_add', admin, { name: `exit reader ${stamp}` });
  await api('POST', '/role_permission', admin, {
    id: role.data.id,
    child_registration: { view: 1 },
    child_tracking: { view: 1, create: 1 },
    exit_restore: { view: 1 },
  });
  const email = `exit.reader.${stamp}@demo.test`;
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: 'Exit Reader',
    email,
    password: demoPassword(),
    status: 1,
    mobile_number: '9876543210',
    comment: 'E2E',
    centertypeId: me.centerId,
    role_id: role.data.id,
  }))
    form.append(k, String(v));
  const made = await api<{ success: boolean; message?: string }>('POST', '/register', admin, form);
  expect(made.success, made.message).toBe(true);
  return { email, centerId: me.centerId, centerName: centers.find((c) => c.id === me.centerId)!.name };
}

describe('part 2 lists in Chromium', () => {
  it('one exit list per status group opens, filters by date range and pages offline', async () => {
    const context = await newContext(browser, { width: 768, height: 1024 });
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    const lists = new Part2ListsPage(page);
    await lists.open('/restoration');
    await lists.rows().first().waitFor({ timeout: 60_000 });
    // The first pull pages the history; the lists below need its last page on the device.
    await page.locator('[data-testid="sync-indicator"][data-tone="synced"]').waitFor({ timeout: 120_000 });
    await context.setOffline(true);

    for (const [path, title] of [
      ['/restoration', 'Restoration'],
      ['/dropout', 'Exited After Taking Services/ Dropout'],
      ['/home-state-cwc-transfer', 'Transfer To Home State CWC'],
      ['/cwc-rescue', 'Rescue'],
      ['/short-stay-register', 'Short Stay Registration'],
    ] as const) {
      await lists.open(path);
      await page.getByRole('heading', { name: title, exact: true, level: 2 }).waitFor();
      await lists.rows().first().waitFor();
    }

    await lists.open('/restoration');
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByTestId('pagination-text').filter({ hasText: 'Displaying 11 to' }).waitFor();

    await lists.open('/dropout');
    // The entry's date, found by its heading (the columns are ours, README "Part 2 lists").
    const dateCell = `td:nth-child(${(await page.getByRole('columnheader').allTextContents()).indexOf('Date') + 1})`;
    const shown = (await lists.rows().first().locator(dateCell).textContent()) ?? '';
    expect(shown).toMatch(/^\d\d-\d\d-\d{4}$/);
    await lists.openFilters();
    await lists.date('From Date', asFilterDate(shown));
    await lists.search();
    await lists.toast('Select To Date').waitFor();
    await lists.date('To Date', asFilterDate(shown));
    await lists.search();
    // The rows are replaced once the filter applies: wait for that rather than the old first row.
    await expect
      .poll(async () => {
        const cells = await lists.rows().locator(dateCell).allTextContents();
        return cells.length > 0 && cells.every((cell) => cell === shown);
      })
      .toBe(true);
    await lists.openFilters();
    // A range with no entries, inside the picker's 100 years.
    await lists.date('From Date', '01-01-00');
    await lists.date('To Date', '02-01-00');
    await lists.search();
    await page.getByText('No Records Found!').waitFor();
    await lists.openFilters();
    await lists.reset();
    await lists.rows().first().waitFor();
    await context.close();
  });

  it("a center-bound user's Center Name is preset to its center and read-only", async () => {
    const reader = await exitReaderAtContactPoint();
    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signIn(reader.email, demoPassword());
    // The preset names the user's center from the centers the first sync brings to the
    // device: wait for that sync as the user would, then for the field.
    await new SyncHeader(page).waitForTone('synced', 120_000);
    const lists = new Part2ListsPage(page);
    await lists.open('/restoration');
    await lists.openFilters();
    await expect.poll(() => lists.centerSelect().inputValue()).toBe(reader.centerName);
    expect(await lists.centerSelect().getAttribute('readonly')).not.toBeNull();
    await context.close();
  });

  it('a notification raised by one user is seen and marked read offline by another', async () => {
    const reader = await exitReaderAtContactPoint();
    const author = await apiLogin(reader.email);
    const [child] = await api<{ data: { id: number; name: string }[] }>(
      'POST',
      '/child-registrations',
      author,
      {},
    ).then((r) => r.data);
    const form = new FormData();
    const comment = `Camp ${Date.now()}`;
    for (const [k, v] of Object.entries({
      childregId: child.id,
      transfer_date: '2025-05-01',
      centerId: reader.centerId,
      medical_issues: 'Fever',
      comment,
    }))
      form.append(k, String(v));
    expect((await api<{ success: boolean }>('POST', '/medical_consent', author, form)).success).toBe(true);

    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    const lists = new Part2ListsPage(page);
    await lists.open('/notifications');
    const row = lists.row(child.name).filter({ hasText: 'Exit Reader' });
    await row.first().waitFor({ timeout: 60_000 });
    const bell = page.getByRole('button', { name: /^Notifications: \d+ unread$/ });
    // Offline the bell counts the device's unread notifications; online it shows the
    // server's record_count (GET /notify_list_count/{centerId}, "Count record: record_count").
    await context.setOffline(true);
    await page.locator('[data-testid="sync-indicator"][data-tone="offline"]').waitFor();
    const before = Number(/(\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    await row.first().getByRole('button', { name: 'Mark As Read' }).click();
    await row.first().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Notifications: ${before - 1} unread` }).waitFor();
    await context.setOffline(false);
    const admin = await apiLogin('admin@demo.test');
    await expect
      .poll(
        async () =>
          (
            await apiGet<{ childregId: number; user_data_history: { name: string } }[]>(
              '/notify_list/1?per_page=1000',
              admin,
            )
          ).some((n) => n.childregId === child.id && n.user_data_history.name === 'Exit Reader'),
        { timeout: 60_000 },
      )
      .toBe(false);
    const serverCount = (await apiGet<{ record_count: number }>('/notify_list_count/1', admin)).record_count;
    // The bell asks the server again after the sync run that sent the Mark As Read.
    await page.getByRole('button', { name: `Notifications: ${serverCount} unread` }).waitFor({ timeout: 60_000 });
    await context.close();
  }, 180_000);

  it("a scheme added offline is chosen in a child's Social Protection Scheme action", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    const lists = new Part2ListsPage(page);
    await lists.open('/sps-management');
    await lists.rows().first().waitFor();
    await lists.open('/child-registration');
    await lists.rows().first().waitFor({ timeout: 60_000 });
    await context.setOffline(true);

    const scheme = `Scheme ${Date.now()}`;
    await page.getByRole('link', { name: 'Social Protection Scheme' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await lists.toast('Scheme name is required.').waitFor();
    await lists.dialog('Add Tag').getByRole('textbox', { name: 'Scheme Name' }).fill(scheme);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await lists.row(scheme).getByText('Pending').waitFor();

    await page.getByRole('link', { name: 'Child Registration List' }).click();
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Next' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Profile menu' })
      .getByText('Social Protection Scheme', { exact: true })
      .click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Date', exact: true }).fill('13-01-2025');
    await dialog.getByRole('textbox', { name: 'Date', exact: true }).press('Tab');
    await dialog.getByRole('textbox', { name: 'Social Protection Scheme', exact: true }).click();
    await page.getByRole('option', { name: scheme, exact: true }).filter({ visible: true }).click();
    await dialog.getByRole('textbox', { name: 'Comment', exact: true }).fill('Enrolled offline');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await lists.toast('Social Protection Scheme added successfully').first().waitFor();

    await context.setOffline(false);
    const admin = await apiLogin('admin@demo.test');
    await expect
      .poll(async () => (await apiGet<{ name: string }[]>('/sps_all', admin)).some((s) => s.name === scheme), {
        timeout: 60_000,
      })
      .toBe(true);
    await context.close();
  });
});
