import { describe, expect, it } from 'vitest';
import { demoPassword, newContext, sharedBrowser, viewports } from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenListPage } from './pages/children-list';

const { phone, tablet } = viewports;

const browser = sharedBrowser();

describe('the profile on a tablet', () => {
  it('the profile address names the child, so a new tab opens the same child', async () => {
    const context = await newContext(browser(), tablet);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    const list = new ChildrenListPage(page);
    await list.open();
    const view = page.getByRole('button', { name: /^View / }).first();
    await view.waitFor({ timeout: 120_000 });
    const name = ((await view.getAttribute('aria-label')) ?? '').replace(/^View /, '');
    await view.click();
    await page.waitForURL(/\/child-registration\/profile\?child=\d+&mode=view$/);
    const address = page.url();

    const other = await context.newPage();
    await other.goto(address);
    await other.getByRole('heading', { name, exact: true }).waitFor();
    expect(new URL(other.url()).search).toBe(new URL(address).search);
    await context.close();
  });

  for (const [size, viewport] of [
    ['phone', phone],
    ['tablet', tablet],
  ] as const) {
    it(`on a ${size} the profile menu is one select above the details; a chosen section shows in view; View Profile has no Delete`, async () => {
      const context = await newContext(browser(), viewport);
      const page = await context.newPage();
      await new LoginPage(page).signIn('admin@demo.test', demoPassword());
      const list = new ChildrenListPage(page);
      await list.open();
      const view = page.getByRole('button', { name: /^View / }).first();
      await view.waitFor({ timeout: 120_000 });
      const name = ((await view.getAttribute('aria-label')) ?? '').replace(/^View /, '');
      await view.click();
      const heading = page.getByRole('heading', { name, exact: true });
      await heading.waitFor();
      // The child's details start in the first screen, not below a 13-item menu (~844 px down
      // before); the first sync's bar or a toast may still sit above them.
      const top = (await heading.boundingBox())!;
      expect(top.y + top.height).toBeLessThan(viewport.height);
      const menu = page.getByRole('navigation', { name: 'Profile menu' });
      expect(await menu.getByText('Follow-Ups', { exact: true }).count()).toBe(0);

      await menu.getByRole('textbox', { name: 'Section' }).click();
      await page.getByRole('option', { name: 'Medical', exact: true }).click();
      const section = page.getByRole('heading', { name: 'Medical', exact: true });
      await section.waitFor();
      const box = (await section.boundingBox())!;
      expect(box.y + box.height).toBeLessThan(viewport.height);
      expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
      await context.close();
    });
  }
});
