import { describe, expect, it } from 'vitest';
import { demoPassword, newContext, sharedBrowser, viewports } from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenListPage } from './pages/children-list';
import { SyncHeader } from './pages/field-day';
import { childWithPhotoOnServer } from './support/server-child';

const { phone } = viewports;

const browser = sharedBrowser();

describe('first sign-in on a phone', () => {
  it('the first sync shows what it brings while the user can work; photos of children never opened are then kept for offline', async () => {
    const name = `Photo Kept ${Date.now() % 100000}`;
    const image = await childWithPhotoOnServer(name);
    const context = await newContext(browser(), phone);
    const page = await context.newPage();
    // A slow connection: the history pages take a while, so the bar can be seen.
    await page.route('**/api/history**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    const bar = page.getByTestId('first-sync');
    await bar.waitFor();
    expect(await bar.textContent()).toMatch(/Bringing your records to this device \(\d+ of \d+\)/);
    expect(await page.getByRole('progressbar', { name: 'First sync' }).count()).toBe(1);
    await new SyncHeader(page).waitForTone('synced', 120_000);
    await bar.waitFor({ state: 'detached' });

    // The photo comes to the device without the child being opened (newest children first):
    // kept sealed, under a keyed hash of its name (DESIGN: Security on the device), so the
    // list offline below is what shows it is this one.
    await expect
      .poll(
        () =>
          page.evaluate(async (image) => {
            const names = (await caches.keys()).filter((n) => n.startsWith('ashray-photos:'));
            const urls = (await Promise.all(names.map(async (n) => (await caches.open(n)).keys()))).flat();
            return urls.length > 0 && !urls.some((request) => request.url.includes(encodeURIComponent(image)));
          }, image),
        { timeout: 60_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    const list = new ChildrenListPage(page);
    await list.open();
    await list.row(name).waitFor();
    await list.photo(name).waitFor({ timeout: 30_000 });
    // With the network off the picture can only have come from what was kept: drawn, not a
    // broken image.
    await expect
      .poll(() => list.photo(name).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await context.close();
  });
});
