import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { demoPassword, launchChromium, newContext, lastSyncAt } from './support/browser';
import { LoginPage } from './pages/login-page';

/*
 * A phone that says online while the server never answers (part 2, DESIGN notes: reports
 * open with what the device has): /api/reports is held unanswered; /reports shows the
 * device's count, says so with its age, and the server's count replaces it once the
 * server answers again.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('a connection that says online and never answers', () => {
  it("/reports shows the device's count within seconds, says so with its age, then the server's", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    // Polled from here: the device must hold its count (and the time of its last sync).
    await expect.poll(() => lastSyncAt(page), { timeout: 120_000, interval: 500 }).not.toBeNull();

    // Every ask of the report is held: the request is never answered, never failed.
    const held: Route[] = [];
    let firstAskAt = 0;
    await page.route('**/api/reports', (route) => {
      firstAskAt ||= Date.now();
      held.push(route);
    });
    await page.goto('/reports');
    const source = page.getByTestId('report-source');
    await source.getByText(/Counted on this device, last sync/).waitFor({ timeout: 15_000 });
    const shownAfter = Date.now() - firstAskAt;
    expect(firstAskAt).toBeGreaterThan(0);
    expect(shownAfter).toBeLessThan(5_000);
    expect(await source.textContent()).toMatch(
      /^The server has not answered yet\. Counted on this device, last sync (a few seconds|a minute|\d+ minutes) ago \(\d\d-\d\d-\d{4} \d\d:\d\d\); still asking the server\./,
    );
    const table = page.getByTestId('report-table');
    await table.waitFor();
    const deviceTotals = await table.locator('tr[data-category="total"] td').allTextContents();
    expect(deviceTotals[0]?.trim()).toBe('Total');
    expect(deviceTotals.slice(1).some((n) => Number(n) > 0)).toBe(true);

    // Still asking in the background: the server is asked again while the screen is open.
    await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThan(1);

    // The server answers again: its count replaces the device's, without a reload.
    await page.unroute('**/api/reports');
    await source.getByText('Counted by the server').waitFor({ timeout: 60_000 });
    const serverTotals = await table.locator('tr[data-category="total"] td').allTextContents();
    expect(serverTotals).toEqual(deviceTotals);
    await context.close();
  });
});
