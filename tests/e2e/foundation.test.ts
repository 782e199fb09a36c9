import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiGet, apiLogin, demoPassword, launchChromium, newContext, waitForServiceWorker } from './support/browser';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(viewport?: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  return { context, page: await context.newPage() };
}

describe('login screen (spec part 1: sections 2, 5, 8)', () => {
  it.each([
    ['', '', 'Please enter an email'],
    ['not-an-email', 'x', 'Invalid email'],
    ['staff@demo.test', '', 'Please enter password'],
    ['staff@demo.test', 'wrong-password', 'Login Failed'],
    ['nobody@demo.test', 'whatever1', 'Login Failed'],
  ])('e-mail %j and password %j show %s', async (email, password, message) => {
    const { context, page } = await freshPage();
    const login = new LoginPage(page);
    await login.open();
    await login.submit(email, password);
    expect(await login.toast()).toBe(message);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});

describe('redirects and guards (spec part 1: sections 2, 6)', () => {
  it('without a session every screen goes to /login, unknown paths too', async () => {
    const { context, page } = await freshPage();
    for (const path of ['/dashboard', '/', '/child-registration', '/no/such/page']) {
      await page.goto(path);
      await page.waitForURL('**/login');
    }
    await context.close();
  });

  it('signed in: /login and / go to /dashboard, unknown paths to /, admin-only routes refuse staff', async () => {
    const { context, page } = await freshPage();
    await new LoginPage(page).signIn('staff@demo.test', demoPassword());
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/no/such/page');
    await page.waitForURL('**/dashboard');
    for (const path of [
      '/users-management',
      '/roles-management',
      '/tag-management',
      '/center-management',
      '/reports',
      '/cwc-by-police',
    ]) {
      await page.goto(path);
      await page.waitForURL('**/dashboard');
    }
    await page.goto('/groupReports');
    await new AppShell(page).waitForTitle('Group Report');
    expect(await page.title()).toBe('Ashray Admin | Group Report');
    // Every route of both spec parts has its screen now.
    await page
      .getByRole('button', { name: /export/i })
      .first()
      .waitFor();
    expect(await page.getByTestId('not-built').count()).toBe(0);
    await context.close();
  });
});

describe('sidebar per role (spec part 1, section 6)', () => {
  const everything = [
    'Dashboard',
    'Child Registration List',
    'CWC Management',
    'Exit Management',
    'Restoration Management',
    'Our Services',
    'Meal Management',
    'Roles Management',
    'Social Protection Scheme',
    'Users Management',
    'About Us',
    'Group Report',
    'Reports',
    'Previous Balance',
  ];
  it.each([
    ['superadmin@demo.test', everything],
    ['admin@demo.test', everything],
    [
      'viewer@demo.test',
      [
        'Dashboard',
        'Child Registration List',
        'CWC Management',
        'Exit Management',
        'Restoration Management',
        'Our Services',
        'Meal Management',
        'About Us',
        'Group Report',
        'Reports',
        'Previous Balance',
      ],
    ],
    [
      'staff@demo.test',
      ['Dashboard', 'Child Registration List', 'CWC Management', 'Our Services', 'About Us', 'Group Report'],
    ],
  ])('%s', async (email, expected) => {
    const { context, page } = await freshPage();
    await new LoginPage(page).signIn(email, demoPassword());
    expect(await new AppShell(page).sidebarGroups()).toEqual(expected);
    await context.close();
  });

  it('Education opens the Select Beneficiaries Type dialog and goes to the choice', async () => {
    const { context, page } = await freshPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await page.getByRole('button', { name: 'Our Services' }).click();
    await page.getByRole('button', { name: 'Education' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Beneficiaries Type' });
    await dialog.getByLabel('Non-Registered Beneficiaries').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/education' && url.searchParams.get('type') === 'non-registered');
    await new AppShell(page).waitForTitle('Education');
    await context.close();
  });

  it('at 768 px the sidebar is collapsed behind the menu button', async () => {
    const { context, page } = await freshPage({ width: 768, height: 1024 });
    await new LoginPage(page).signIn('staff@demo.test', demoPassword());
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await burger.waitFor({ state: 'visible' });
    const navbar = page.locator('.mantine-AppShell-navbar');
    const closed = await navbar.boundingBox();
    expect(closed!.x + closed!.width).toBeLessThanOrEqual(0);
    await burger.click();
    await page.waitForFunction(
      () => (document.querySelector('.mantine-AppShell-navbar')?.getBoundingClientRect().x ?? -1) >= 0,
    );
    await page.getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL('**/aboutus');
    await context.close();
  });
});

describe('dashboard, logout and offline start', () => {
  it('shows the eight tiles with the server counts, then opens offline from the service worker', async () => {
    const token = await apiLogin('admin@demo.test');
    const counts = await apiGet<Record<string, number>>('/dashboard', token);
    const { context, page } = await freshPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    const shell = new AppShell(page);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="tile-children_supported"] [data-testid="tile-value"]')?.textContent !==
        '–',
    );
    const expected = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v.toLocaleString('en-IN')]));
    expect(Object.keys(expected)).toHaveLength(8);
    // The tiles show '–' until the stored counts are read; under load that read can come late.
    await expect.poll(() => shell.tileValues(), { timeout: 15_000 }).toEqual(expected);

    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('tile-children_supported').waitFor();
    await expect.poll(() => shell.tileValues(), { timeout: 15_000 }).toEqual(expected);
    expect(await page.getByTestId('connectivity').textContent()).toContain('Offline');
    await context.close();
  });

  it('logout removes the saved session and returns to /login', async () => {
    const { context, page } = await freshPage();
    await new LoginPage(page).signIn('viewer@demo.test', demoPassword());
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.role?.name)).toBe('viewer');
    await new AppShell(page).logout();
    await new LoginPage(page).shown();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await context.close();
  });
});
