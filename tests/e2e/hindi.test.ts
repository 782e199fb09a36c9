import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dashboardTiles } from '../../sync/contract';
import { texts, type TextKey } from '../../sync/contract/i18n';
import { hindi } from '../../sync/contract/i18n/hindi';
import { demoPassword, launchChromium, newContext, toasts, waitForServiceWorker } from './support/browser';
import { png } from './pages/children-wizard';

const { labels: labelsHi, messages: messagesHi, texts: textsHi } = hindi;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const hi = (key: TextKey) => textsHi[key];

/**
 * The catalogue's English a Hindi screen must not show: every screen text and list label
 * that reads differently in Hindi, as whole words (a short code like 'M' is left out).
 */
const english = [
  ...(Object.keys(texts) as TextKey[]).filter((k) => texts[k] !== textsHi[k]).map((k) => texts[k]),
  ...Object.keys(labelsHi).filter((label) => labelsHi[label] !== label),
].filter((words) => words.length >= 4 && !words.includes('{{'));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The catalogue's English words found on the page, as a person reads it, outside the tables'
 * rows: those hold what people typed (other journeys' children are named "Offline …" or
 * "Conflict …"), not the app's words.
 */
async function englishShown(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll('tbody')].reduce(
      (text, rows) => text.replace(rows.innerText, ''),
      document.body.innerText,
    ),
  );
  return english.filter((words) => new RegExp(`(^|[^\\p{L}])${escape(words)}($|[^\\p{L}])`, 'u').test(shown));
}

describe('Hindi: every screen in English and Hindi, switched at any time, offline (README "Languages")', () => {
  it('switched on /login, the dashboard, child list, Quick Add with its toast and a report speak Hindi; a Devanagari name is found by its first two letters; switching back shows the spec English', async () => {
    const context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    await page.getByTestId('language-switch').getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByText(hi('login.subtitle')).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(await englishShown(page)).toEqual([]);

    // An empty form: the contract's message, in Hindi.
    await page.getByRole('button', { name: hi('login.submit') }).click();
    await toasts(page, messagesHi.emailRequired).waitFor();

    await page.getByLabel(hi('login.email')).fill('admin@demo.test');
    await page.getByLabel(hi('login.password'), { exact: true }).fill(demoPassword());
    await page.getByLabel(hi('login.password'), { exact: true }).press('Enter');
    await page.waitForURL('**/dashboard');

    // The dashboard: its heading, its tiles, the header and the sidebar.
    await page.getByRole('heading', { name: hi('dashboard.title'), level: 2 }).waitFor();
    for (const tile of dashboardTiles) await page.getByText(labelsHi[tile.label]!, { exact: true }).waitFor();
    expect(await englishShown(page)).toEqual([]);

    // The child list, its Quick Add refused with the Hindi toast, then a child named in Devanagari.
    await page.getByRole('link', { name: labelsHi['Child Registration List'] }).click();
    await page.getByRole('heading', { name: hi('childList.title'), level: 2 }).waitFor();
    await page.getByTestId('pagination-text').waitFor();
    await page.getByRole('columnheader', { name: hi('column.name') }).waitFor();
    expect(await englishShown(page)).toEqual([]);

    await page.getByRole('button', { name: hi('childList.quickAdd'), exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: hi('quickAdd.title') }) });
    await dialog.getByRole('button', { name: hi('common.save') }).click();
    await toasts(page, messagesHi.nameRequired).waitFor();
    expect(await toasts(page, messagesHi.nameRequired).innerText()).toContain(hi('toast.error'));
    expect(await englishShown(page)).toEqual([]);

    const name = `राधिका ${Date.now() % 100000}`;
    await dialog.getByRole('textbox', { name: hi('quickAdd.name'), exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: hi('quickAdd.gender'), exact: true }).click();
    await page.getByRole('option', { name: labelsHi.Female, exact: true }).click();
    const arrival = dialog.getByRole('textbox', { name: hi('quickAdd.arrival'), exact: true });
    await arrival.fill('05-03-2024');
    await arrival.press('Tab');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: hi('common.save') }).click();
    await toasts(page, hi('quickAdd.added')).waitFor();

    const search = page.getByRole('textbox', { name: hi('childList.search'), exact: true });
    await search.pressSequentially('रा', { delay: 20 });
    // The list follows the box after a short pause: then only Devanagari names are left (this
    // one, and an earlier attempt's if the test is on its retry: the server keeps its child).
    await expect
      .poll(async () => {
        const rows = await page.getByTestId('data-row').allInnerTexts();
        return rows.length > 0 && rows.every((row) => row.includes('रा'));
      })
      .toBe(true);
    await page.getByTestId('data-row').filter({ hasText: name }).waitFor();

    // A report: its heading, its table's headings and categories.
    await page.goto('/reports');
    await page.getByRole('heading', { name: hi('report.title'), level: 2 }).waitFor();
    await page.getByTestId('report-table').waitFor({ timeout: 60_000 });
    await page.getByRole('columnheader', { name: hi('report.category') }).waitFor();
    expect(await englishShown(page)).toEqual([]);

    // Back to English from the user menu: the spec's words, verbatim, without a reload.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Report List', level: 2 }).waitFor();
    await page.getByRole('columnheader', { name: 'Category' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('link', { name: 'Child Registration List' }).click();
    await page.getByRole('heading', { name: 'Child Registration List', level: 2 }).waitFor();
    for (const words of ['Quick Add', 'Add Child', 'Filters'])
      await page.getByRole('button', { name: words, exact: true }).waitFor();
    await page.getByRole('columnheader', { name: 'Child Name' }).waitFor();
    await context.close();
  });

  it('a device that has only ever shown English switches to Hindi with the network off, and opens in Hindi offline', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(demoPassword());
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
    // The Hindi tables are a chunk the English screens never asked for: the service worker's
    // precache is what holds them.
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: hi('dashboard.title'), level: 2 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await page.reload();
    await page.getByRole('heading', { name: hi('dashboard.title'), level: 2 }).waitFor();
    expect(await englishShown(page)).toEqual([]);
    await context.close();
  });
});
