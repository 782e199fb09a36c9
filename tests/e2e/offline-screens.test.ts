import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AuthUser } from '../../server/core/context';
import { sidebarFor } from '../../src/app/layout/sidebar-items';
import { titleOf } from '../../src/routes/route-table';
import { apiGet, apiLogin, demoPassword, launchChromium, newContext, waitForServiceWorker } from './support/browser';
import { LoginPage } from './pages/login-page';
import { SyncHeader } from './pages/field-day';

/*
 * Every screen is a script chunk of its own, loaded when first opened (src/app/router.tsx);
 * the service worker precaches all of them, so after one online visit each screen of the
 * sidebar opens with the network off (DESIGN.md, offline first), even opened cold by its
 * address, without ever having been opened online.
 */

/** The sidebar's routes are opened in this many tests, each a share of them, on one device. */
const SHARES = 3;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let paths: string[] = [];
/** Script and style requests that failed other than by a navigation cutting them short. */
const failed: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  const admin = await apiGet<AuthUser>('/me', await apiLogin('admin@demo.test'));
  paths = sidebarFor(admin).flatMap((group) =>
    group.children ? group.children.map((link) => link.path) : group.path ? [group.path] : [],
  );
  // One online visit: sign in, the service worker precaches, the first sync ends; then the
  // network goes and stays off for every test below.
  context = await newContext(browser);
  page = await context.newPage();
  page.on('requestfailed', (request) => {
    // A chunk still loading when the test opens the next address is cancelled by the
    // navigation (net::ERR_ABORTED: the trends' chart and the full stylesheet load after a
    // screen shows), which says nothing of the precache; offline, a chunk the service
    // worker lacks fails otherwise (net::ERR_INTERNET_DISCONNECTED, ERR_FAILED).
    const error = request.failure()?.errorText ?? '';
    if (/\.(js|css)$/.test(new URL(request.url()).pathname) && error !== 'net::ERR_ABORTED')
      failed.push(`${request.url()} (${error})`);
  });
  await new LoginPage(page).signIn('admin@demo.test', demoPassword());
  await waitForServiceWorker(page);
  await new SyncHeader(page).waitForTone('synced', 120_000);
  await context.setOffline(true);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Opens each of `share` by its address, offline, and checks its screen came whole from the precache. */
async function opensOffline(share: string[]) {
  const main = page.getByRole('main');
  const failedBefore = failed.length;
  for (const path of share) {
    await page.goto(path);
    await page
      .getByTestId('page-title')
      .filter({ hasText: new RegExp(`^${titleOf(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .waitFor({ timeout: 15_000 });
    // The screen's chunk came from the precache: no loader left in its place, no route error.
    await expect.poll(async () => main.getByLabel('Loading', { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    expect({ path, text: (await main.innerText()).trim().length > 0 }).toEqual({ path, text: true });
    expect(await page.getByText('Reload the page; anything you saved is kept on this device.').count()).toBe(0);
  }
  expect(failed.slice(failedBefore)).toEqual([]);
}

// Every route of the sidebar, each opened cold by its address (a whole page load), shared
// among a few tests so that each is bounded by its share of the loads, not by all of them.
describe('every screen opens offline after one online visit', () => {
  it('the sidebar has every screen of the spec for the administrator', () => {
    expect(paths.length).toBeGreaterThan(25);
  });

  it("the start's page comes from a copy of the precached index.html that the browser answers itself", async () => {
    // sync/worker.ts: the service worker's static route for '/' and '/dashboard' reads this cache.
    const copies = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('ashray-start-'));
      const precached = await (await caches.match('/index.html', { ignoreSearch: true }))?.text();
      const start = names.length === 1 ? await caches.open(names[0]) : null;
      const texts = await Promise.all(['/', '/dashboard'].map(async (path) => (await start?.match(path))?.text()));
      return { names: names.length, same: texts.map((text) => !!precached && text === precached) };
    });
    expect(copies.names).toBe(1);
    expect(copies.same.every(Boolean)).toBe(true);
    await page.goto('/');
    await page.getByTestId('tile-value').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('tile-value').count()).toBe(8);
  });

  for (let share = 0; share < SHARES; share++) {
    it(`signed in once online, each route of the sidebar (share ${share + 1} of ${SHARES}) shows its screen with the network off`, async () => {
      const size = Math.ceil(paths.length / SHARES);
      await opensOffline(paths.slice(share * size, (share + 1) * size));
    });
  }
});
