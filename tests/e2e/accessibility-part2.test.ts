import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoPassword, lastSyncAt, newContext, openInApp, sharedBrowser, viewports } from './support/browser';
import { seriousViolations } from './support/axe';
import { LoginPage } from './pages/login-page';
import { exitRestoreRoutes } from '../../sync/contract/permissions';

const browser = sharedBrowser();

/**
 * One route per exit status key and the short stay register (spec part 2, section 2); the
 * aliases (/cwc-rehabilitation, /cwc-after-care, /cwc-higher-education) show the same screen.
 */
const exitPaths = Object.entries(exitRestoreRoutes)
  .filter(([path, key], i, all) => path === '/short-stay-register' || all.findIndex(([, k]) => k === key) === i)
  .map(([path]) => path);

/** Axe over each screen, dialog and menu of part 2 as the admin sees it, collected by view name. */
class Audit {
  readonly found: Record<string, string[]> = {};
  constructor(readonly page: Page) {}

  /** Waits for `ready` (the view's content), then records its serious and critical findings as `name`. */
  async check(name: string, ready: Locator) {
    await ready.waitFor();
    this.found[name] = await seriousViolations(this.page);
  }

  /**
   * Opens `path` and checks it once its list is up: its first row when the demo data has
   * rows there (a list may show its empty state before the device has pulled them), else
   * its pagination line.
   */
  async list(path: string, { rows = false } = {}) {
    await openInApp(this.page, path);
    if (rows) await this.page.getByTestId('data-row').first().waitFor({ timeout: 60_000 });
    await this.check(path, this.page.getByTestId('pagination-text'));
  }

  /** Opens a dialog or drawer with `opener`, checks it, and closes it with Escape. */
  async dialog(name: string, opener: Locator, title: string) {
    await opener.click();
    const dialog = this.page.getByRole('dialog', { name: title });
    await this.check(name, dialog);
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }

  /** The views with findings (none is the goal). */
  failures() {
    return Object.fromEntries(Object.entries(this.found).filter(([, lines]) => lines.length > 0));
  }
}

describe('part 2 accessible (axe-core: no serious or critical violation)', () => {
  for (const size of ['phone', 'laptop'] as const) {
    it(`on a ${size}: every part 2 screen, its dialogs, the exit Filters drawer and the bell menu`, async () => {
      const context = await newContext(browser(), viewports[size]);
      const page = await context.newPage();
      await new LoginPage(page).signIn('admin@demo.test', demoPassword());
      // The lists read the device: wait for the first sync, so each shows its rows.
      await expect.poll(() => lastSyncAt(page), { timeout: 120_000 }).not.toBeNull();
      const audit = new Audit(page);
      const firstRow = page.getByTestId('data-row').first();

      const bell = page.getByRole('button', { name: /^Notifications: \d+ unread$/ });
      await bell.click();
      await audit.check('bell menu', page.getByRole('menu'));
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      // The side menu's Education opens the dialog that leads to /education, /medical and /mhp.
      const menu = page.getByRole('navigation', { name: 'Main' });
      if (size === 'phone') await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const education = menu.getByRole('button', { name: 'Education', exact: true });
      if ((await education.count()) === 0) await menu.getByRole('button', { name: 'Our Services' }).click();
      await audit.dialog('beneficiaries type', education, 'Select Beneficiaries Type');

      for (const path of exitPaths) await audit.list(path);
      await openInApp(page, '/restoration');
      await audit.dialog('exit filters', page.getByRole('button', { name: 'Filters', exact: true }), 'Filters');

      for (const kind of ['produce', 'refer']) {
        await audit.list(`/${kind}`);
        await openInApp(page, `/${kind}/add`);
        await audit.check(`/${kind}/add`, page.getByRole('button', { name: 'Submit' }));
      }

      await audit.list('/meals-management', { rows: true });
      await audit.list('/manage-meals', { rows: true });
      if (size === 'phone')
        await audit.dialog('meal filters', page.getByRole('button', { name: 'Filters', exact: true }), 'Filters');
      await audit.dialog('add meal', page.getByRole('button', { name: 'Add', exact: true }), 'Add Meal');
      await audit.dialog('edit meal', firstRow.getByRole('button', { name: /^Edit/ }), 'Update Meal');

      await audit.list('/previous-balance', { rows: true });
      await audit.dialog('add balance', page.getByRole('button', { name: 'Add', exact: true }), 'Add Previous Balance');
      await audit.dialog('edit balance', firstRow.getByRole('button', { name: /^Edit/ }), 'Update Previous Balance');

      await audit.list('/sps-management', { rows: true });
      await audit.dialog('add scheme', page.getByRole('button', { name: 'Add', exact: true }), 'Add Tag');
      await audit.dialog('edit scheme', firstRow.getByRole('button', { name: /^Edit/ }), 'Update Tag');

      for (const service of ['education', 'medical', 'mhp']) {
        await audit.list(`/${service}?type=registered`);
        await audit.list(`/${service}?type=non-registered`, { rows: true });
      }
      // The edit dialog of a non-registered beneficiary holds its documents.
      await audit.dialog('add beneficiary', page.getByRole('button', { name: 'Add', exact: true }), 'Add Beneficiary');
      await audit.dialog('edit beneficiary', firstRow.getByRole('button', { name: /^Edit/ }), 'Update Beneficiary');

      await audit.list('/notifications', { rows: true });

      await openInApp(page, '/reports');
      await audit.check('/reports', page.getByTestId('report-source'));
      await page.getByTestId('report-table').locator('tr[data-category]').getByRole('button').first().click();
      await page.waitForURL('**/reports/report-details?**');
      await audit.check('report details', page.getByTestId('pagination-text'));

      await openInApp(page, '/groupReports');
      await audit.check('/groupReports', page.getByTestId('group-report-table'));
      await page.getByTestId('group-report-table').getByRole('button').first().click();
      await page.waitForURL('**/groupReports/report-details?**');
      await audit.check('group report details', page.getByTestId('pagination-text'));

      // As text, so a red run prints each finding's rule and element (an object is cut short).
      expect(JSON.stringify(audit.failures(), null, 1)).toBe('{}');
      await context.close();
    }, 300_000);
  }
});
