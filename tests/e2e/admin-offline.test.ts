import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  apiGet,
  apiLogin,
  demoPassword,
  launchChromium,
  newContext,
  waitForServiceWorker,
  rowSent,
} from './support/browser';
import { LoginPage } from './pages/login-page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const serverTags = async (prefix: string) =>
  (await apiGet<Array<{ name: string }>>('/tags_all', await apiLogin('admin@demo.test'))).filter((t) =>
    t.name.startsWith(prefix),
  );

const row = (page: Page, name: string) => page.getByTestId('data-row').filter({ hasText: name });

async function addTag(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Tag' });
  await dialog.getByRole('textbox', { name: 'Tag Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('administration offline (spec part 1 sections 2 and 6)', () => {
  it('Tag Details reads from the device offline, and a tag added offline reaches the server once', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    const prefix = `Tag ${Date.now()}`;

    await page.goto('/tag-management');
    await addTag(page, `${prefix} online`);
    await expect.poll(async () => (await serverTags(prefix)).length, { timeout: 30_000 }).toBe(1);
    await rowSent(row(page, `${prefix} online`), 30_000);

    await context.setOffline(true);
    await page.reload();
    await row(page, `${prefix} online`).waitFor();
    await addTag(page, `${prefix} offline`);
    await row(page, `${prefix} offline`).getByText('Pending').waitFor();
    expect(await serverTags(prefix)).toHaveLength(1);

    await context.setOffline(false);
    await expect
      .poll(async () => (await serverTags(prefix)).map((t) => t.name).sort(), { timeout: 60_000 })
      .toEqual([`${prefix} offline`, `${prefix} online`]);
    await rowSent(row(page, `${prefix} offline`), 30_000);
    await context.close();
  });
});
