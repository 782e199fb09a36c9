import { describe, expect, it } from 'vitest';
import { demoPassword, newContext, sharedBrowser, viewports } from './support/browser';
import { seriousViolations } from './support/axe';
import { LoginPage } from './pages/login-page';

const browser = sharedBrowser();

describe('accessible (axe-core: no serious or critical violation)', () => {
  for (const size of ['phone', 'laptop'] as const) {
    const viewport = viewports[size];
    it(`on a ${size}: login, dashboard, child list, Quick Add, profile and /sync; header and row targets are 44 px; a closed dialog gives focus back`, async () => {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      const found: Record<string, string[]> = {};
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      found.login = await seriousViolations(page);

      await new LoginPage(page).signIn('admin@demo.test', demoPassword());
      await page.getByTestId('tile-children_supported').waitFor();
      found.dashboard = await seriousViolations(page);
      for (const target of [
        page.getByTestId('sync-indicator'),
        page.getByRole('button', { name: /Notifications/ }),
        page.getByRole('button', { name: /User menu/ }),
      ]) {
        const box = (await target.boundingBox())!;
        expect(Math.min(box.width, box.height), String(await target.textContent())).toBeGreaterThanOrEqual(
          size === 'phone' ? 44 : 36,
        );
      }

      await page.goto('/child-registration');
      const view = page.getByRole('button', { name: /^View / }).first();
      await view.waitFor({ timeout: 120_000 });
      found.list = await seriousViolations(page);

      // A row's checkbox and icons are finger-sized on a phone (WCAG 2.5.5).
      const rowTargets = [page.getByTestId('row-checkbox').first(), view];
      for (const target of size === 'phone' ? rowTargets : []) {
        const box = (await target.boundingBox())!;
        expect(Math.min(box.width, box.height), await target.evaluate((el) => el.outerHTML)).toBeGreaterThanOrEqual(44);
      }

      const quickAdd = page.getByRole('button', { name: 'Quick Add', exact: true });
      await quickAdd.click();
      await page.getByRole('dialog', { name: 'Quick Add' }).waitFor();
      found.quickAdd = await seriousViolations(page);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Quick Add' }).waitFor({ state: 'detached' });
      await expect.poll(() => quickAdd.evaluate((el) => el === document.activeElement)).toBe(true);

      await view.click();
      await page.getByRole('tab', { name: 'Overview' }).waitFor();
      found.profile = await seriousViolations(page);

      await page.goto('/sync');
      await page.getByRole('button', { name: 'Sync now' }).waitFor();
      found.sync = await seriousViolations(page);

      expect(found).toEqual({ login: [], dashboard: [], list: [], quickAdd: [], profile: [], sync: [] });
      await context.close();
    });
  }
});
