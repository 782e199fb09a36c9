import type { Browser, Page } from 'playwright-core';
import { demoPassword, newContext } from './browser';
import { LoginPage } from '../pages/login-page';
import { SyncHeader } from '../pages/field-day';

/**
 * A page of its own context at `viewport`, signed in as the admin once the first sync has
 * ended: part 2's lists and reports read the device, so they wait for its history, meals and
 * notifications.
 */
export async function adminAfterFirstSync(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await new LoginPage(page).signIn('admin@demo.test', demoPassword());
  await new SyncHeader(page).waitForTone('synced', 120_000);
  return { page, close: () => context.close() };
}
