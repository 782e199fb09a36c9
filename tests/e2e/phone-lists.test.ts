import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { sharedBrowser, viewports, waitForServiceWorker } from './support/browser';
import { Part2ListsPage } from './pages/part2-lists';
import { adminAfterFirstSync } from './support/signed-in';

const browser = sharedBrowser();
const phone = viewports.phone;

// Screenshots for the record when SHOTS_DIR is set (before/after a layout change).
const shotsDir = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png` });
};

/** The page does not scroll sideways: nothing is wider than the phone's screen. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth > root.clientWidth;
  });

/** Each element lies within the screen's width once scrolled to. */
async function onScreen(elements: Locator[]): Promise<boolean> {
  for (const element of elements) {
    await element.scrollIntoViewIfNeeded();
    const box = await element.boundingBox();
    if (!box || box.x < 0 || box.x + box.width > phone.width || box.width === 0) return false;
  }
  return true;
}

let page: Page;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ page, close } = await adminAfterFirstSync(browser(), phone));
  await waitForServiceWorker(page);
}, 180_000);
afterAll(async () => {
  await close?.();
});

describe('part 2 lists on a phone (390 px, spec part 2 lists below 576 px)', () => {
  const lists = () => new Part2ListsPage(page);

  it("an exit list shows each child's name, date and go-to, with no Status column and no sideways scroll", async () => {
    await lists().open('/restoration');
    const first = lists().rows().first();
    await first.waitFor({ timeout: 60_000 });
    await shot(page, 'restoration-list-390');
    expect(await scrollsSideways(page)).toBe(false);
    expect(await page.getByRole('columnheader', { name: 'Status' }).count()).toBe(0);
    for (const row of (await lists().rows().all()).slice(0, 3)) {
      expect(await row.locator('[data-card-field="transfer_date"]').textContent()).toMatch(/^Date\d{2}-\d{2}-\d{4}$/);
      expect((await row.textContent())?.trim()).not.toBe('');
      expect(await onScreen([row.getByRole('link', { name: /^Go to / })])).toBe(true);
    }
    // The filters fold into the Filters button; the first row is near the top.
    expect((await first.boundingBox())!.y).toBeLessThan(400);
  });

  it('Meal Management shows each meal: center, date, meal type, children count, edit and delete', async () => {
    await lists().open('/manage-meals');
    const first = lists().rows().first();
    await first.waitFor({ timeout: 60_000 });
    await shot(page, 'meal-management-390');
    expect(await scrollsSideways(page)).toBe(false);
    for (const row of (await lists().rows().all()).slice(0, 3)) {
      expect(await row.locator('[data-card-field="count"]').textContent()).toMatch(/^Children Count\d+/);
      expect(await row.locator('[data-card-field="type"]').textContent()).toMatch(/^Meal Provided in a day.+/);
      expect(
        await onScreen([row.getByRole('button', { name: 'Edit' }), row.getByRole('button', { name: 'Delete' })]),
      ).toBe(true);
    }
    // The filter panel is a button: the first meal is on screen without scrolling past it.
    expect(await page.getByRole('textbox', { name: 'Meal Type' }).count()).toBe(0);
    expect((await first.boundingBox())!.y).toBeLessThan(400);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('textbox', { name: 'Meal Type', exact: true }).click();
    await page.getByRole('option').first().click();
    await shot(page, 'meal-management-filters-open-390');
    await filters.getByRole('button', { name: 'Search', exact: true }).click();
    await filters.waitFor({ state: 'hidden' });
    const chip = page.getByRole('button', { name: /^Remove filter Meal Type: / });
    await chip.waitFor();
    await shot(page, 'meal-management-filter-chip-390');
    expect(await scrollsSideways(page)).toBe(false);
    await chip.click();
    await chip.waitFor({ state: 'detached' });
  });

  it('Notifications show each child, its comment and Mark As Read on screen', async () => {
    await lists().open('/notifications');
    const first = lists().rows().first();
    await first.waitFor({ timeout: 60_000 });
    await shot(page, 'notifications-390');
    expect(await scrollsSideways(page)).toBe(false);
    for (const row of (await lists().rows().all()).slice(0, 3)) {
      expect(await row.locator('[data-card-field="center"]').textContent()).toMatch(/^Center.+/);
      expect(await onScreen([row.getByRole('button', { name: 'Mark As Read' })])).toBe(true);
    }
  });

  it('choosing Medical in the phone menu closes the menu; the dialog says what each type holds', async () => {
    const menu = page.getByRole('navigation', { name: 'Main' });
    const menuShown = async () => {
      const box = await menu.boundingBox();
      return box !== null && box.x + box.width > 0;
    };
    // The file's tests share one page: start from a closed dialog and an open menu whatever an
    // earlier test (or this test's first attempt) left on screen.
    const openDialog = page.getByRole('dialog').first();
    if (await openDialog.isVisible()) {
      await page.keyboard.press('Escape');
      await openDialog.waitFor({ state: 'detached' });
    }
    if (!(await menuShown())) await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect.poll(menuShown).toBe(true);
    const services = menu.getByRole('button', { name: 'Our Services' });
    if ((await menu.getByRole('button', { name: 'Medical' }).count()) === 0) await services.click();
    await shot(page, 'menu-open-390');
    await menu.getByRole('button', { name: 'Medical' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Beneficiaries Type' });
    await dialog.waitFor();
    await page.waitForTimeout(400); // the menu's slide, for the record only
    await shot(page, 'medical-beneficiaries-dialog-390');
    await expect.poll(menuShown).toBe(false);
    expect(await dialog.textContent()).toContain('without a child registration');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/medical?type=registered');
    expect(await menuShown()).toBe(false);

    // Any other entry too: Dashboard from the open menu.
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect.poll(menuShown).toBe(true);
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(menuShown).toBe(false);
  });

  it('report details name their count in words and list each child as a card, online and offline with its Unique Center Id', async () => {
    await page.goto('/groupReports?from_date=2015-04-01&to_date=2026-03-31');
    await page.getByTestId('report-source').getByText('Counted by the server').waitFor({ timeout: 60_000 });
    await shot(page, 'group-report-390');
    await page.getByTestId('group-report-table').locator('tr[data-row="Previous balance"]').scrollIntoViewIfNeeded();
    await shot(page, 'group-report-balance-390');
    await page.getByTestId('group-report-table').locator('tbody').getByRole('button').first().click();
    await page.waitForURL('**/groupReports/report-details?**');
    const scope = page.getByTestId('details-scope');
    const inWords =
      /^Children counted in: [A-Z][^·]+ · (Male|Female|Male and female \(Total\)) · [A-Z][^·]+ · 01-04-2015 to 31-03-2026$/;
    const cards = async (source: string) => {
      await page
        .getByTestId('pagination-text')
        .filter({ hasText: /of [1-9]/ })
        .waitFor({ timeout: 60_000 });
      expect(await page.getByText(source).count()).toBeGreaterThan(0);
      expect(await scope.textContent()).toMatch(inWords);
      expect(await scrollsSideways(page)).toBe(false);
      const first = lists().rows().first();
      expect(await first.locator('[data-card-field="created"]').count()).toBe(0);
      expect(await first.locator('[data-card-field="unique_centerId"]').textContent()).toMatch(/^Unique Center IdSBT-/);
    };
    await cards('Counted by the server');
    await shot(page, 'report-details-390');
    await page.context().setOffline(true);
    await page.reload();
    await cards('Counted on this device');
    await shot(page, 'report-details-offline-390');
    await page.context().setOffline(false);
  });

  // Last: it marks this device's notifications read, offline and with the calls held back,
  // so the server's stay unread for the other files.
  it('the empty Notifications list says "No Records Found!" whole, wrapped within the screen', async () => {
    const context = page.context();
    await context.route('**/api/notify_update/**', (route) => route.abort());
    await context.setOffline(true);
    await lists().open('/notifications');
    await lists().rows().first().waitFor({ timeout: 60_000 });
    // 'Displaying A to B of N': the next page's rows move up as one is read, so count N.
    const unread = async () =>
      Number(/of (\d+)$/.exec((await page.getByTestId('pagination-text').textContent()) ?? '')?.[1] ?? 0);
    while ((await lists().rows().count()) > 0) {
      const before = await unread();
      await lists().rows().first().getByRole('button', { name: 'Mark As Read' }).click();
      await expect.poll(unread).toBeLessThan(before);
    }
    const empty = page.getByText('No Records Found!', { exact: true });
    await empty.waitFor();
    await shot(page, 'notifications-empty-390');
    expect(await scrollsSideways(page)).toBe(false);
    expect(await onScreen([empty])).toBe(true);
    // Whole: the text is not clipped by its box, nor its box by a scrolling parent.
    expect(
      await empty.evaluate((element) => {
        const box = element.getBoundingClientRect();
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const outer = parent.getBoundingClientRect();
          if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5) return false;
        }
        return element.scrollWidth <= element.clientWidth;
      }),
    ).toBe(true);
  });
});
