import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { sharedBrowser, toasts, viewports } from './support/browser';
import { Part2ListsPage } from './pages/part2-lists';
import { adminAfterFirstSync } from './support/signed-in';

/*
 * Part 2 on a phone (390 px): every target a finger uses is at least 44 x 44 px (WCAG 2.5.5),
 * and a refused field's toast sits clear of the dialog's title, close button and the field.
 */

const browser = sharedBrowser();
const phone = viewports.phone;

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The targets that are less than 44 px on a side, as 'html: width x height' lines. */
async function smallTargets(targets: Locator[]): Promise<string[]> {
  const small: string[] = [];
  for (const target of targets) {
    await target.scrollIntoViewIfNeeded();
    const box = (await target.boundingBox())!;
    if (box.width < 44 || box.height < 44)
      small.push(`${await target.evaluate((el) => el.outerHTML.slice(0, 120))}: ${box.width} x ${box.height}`);
  }
  return small;
}

let page: Page;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ page, close } = await adminAfterFirstSync(browser(), phone));
}, 180_000);
afterAll(async () => {
  await close?.();
});

describe('part 2 targets and errors on a phone (390 px)', () => {
  it("report counts, the group report's counts, pagination, Mark As Read and dialog close buttons are 44 x 44 px", async () => {
    await page.goto('/reports');
    const counts = page.getByTestId('report-table').locator('td button');
    await counts.first().waitFor({ timeout: 60_000 });
    expect(await smallTargets((await counts.all()).slice(0, 4))).toEqual([]);

    await page.goto('/groupReports');
    const groupCounts = page.getByTestId('group-report-table').locator('td button');
    await groupCounts.first().waitFor({ timeout: 60_000 });
    expect(await smallTargets((await groupCounts.all()).slice(0, 4))).toEqual([]);

    const lists = new Part2ListsPage(page);
    await lists.open('/notifications');
    await lists.rows().first().waitFor({ timeout: 60_000 });
    const pagination = await page.locator('.mantine-Pagination-control').all();
    expect(pagination.length).toBeGreaterThanOrEqual(4);
    expect(
      await smallTargets([lists.rows().first().getByRole('button', { name: 'Mark As Read' }), ...pagination]),
    ).toEqual([]);

    await lists.open('/manage-meals');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.waitFor();
    expect(await smallTargets([filters.locator('.mantine-Drawer-close')])).toEqual([]);
    await page.keyboard.press('Escape');
    await filters.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Meal' });
    await dialog.waitFor();
    expect(await smallTargets([dialog.getByRole('button', { name: 'Close' })])).toEqual([]);
  });

  it("a refused field is marked; its toast covers neither the dialog's title, its close button nor the field, and leaves once the field is fixed", async () => {
    const dialog = page.getByRole('dialog', { name: 'Add Meal' });
    if (!(await dialog.isVisible())) {
      await new Part2ListsPage(page).open('/manage-meals');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.waitFor();
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    const toast = toasts(page, 'Center Name is required');
    await toast.waitFor();
    const field = dialog.getByRole('textbox', { name: 'Center Name' });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // The toast's place once it has slid in: its transition ended.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    );
    const toastBox = (await toast.boundingBox())!;
    for (const part of [dialog.locator('.mantine-Modal-header'), dialog.getByRole('button', { name: 'Close' }), field])
      expect(intersects(toastBox, (await part.boundingBox())!), await part.evaluate((el) => el.outerHTML)).toBe(false);

    await field.click();
    await page.getByRole('option').first().click();
    await toast.waitFor({ state: 'detached' });
    expect(await field.getAttribute('aria-invalid')).not.toBe('true');
  });
});
