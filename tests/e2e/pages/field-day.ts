import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiLogin,
  baseUrl,
  demoPassword,
  newContext,
  waitForOfflineData,
  waitForServiceWorker,
} from '../support/browser';
import { LoginPage } from './login-page';

/**
 * A field worker's device ready for the day: a fresh browser profile at `viewport`,
 * signed in as `email`, the app installed by its service worker and the records on the
 * device (so the test may go offline next).
 */
export async function deviceReadyOffline(
  browser: Browser,
  viewport: { width: number; height: number },
  email = 'admin@demo.test',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await new LoginPage(page).signIn(email, demoPassword());
  await waitForServiceWorker(page);
  await waitForOfflineData(page);
  return { context, page };
}

/**
 * Signs `page` in as `email` and waits, as a person would before leaving the network, for
 * the first sync to end (a superadmin's brings every center's records: long on a busy
 * machine) and for the app to be installed: its service worker answers the screens opened
 * offline, and may finish installing after the first sync.
 */
export async function signedInForOffline(page: Page, email: string): Promise<void> {
  await new LoginPage(page).signIn(email, demoPassword());
  await new SyncHeader(page).waitForTone('synced', 120_000);
  await waitForServiceWorker(page);
}

/** Admin calls that set up a field worker's account (a custom role and its user). */
export async function adminCall<T>(path: string, body: Record<string, unknown>, form = false): Promise<T> {
  const token = await apiLogin('admin@demo.test');
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  let payload: BodyInit;
  if (form) {
    const data = new FormData();
    for (const [k, v] of Object.entries(body)) data.append(k, String(v));
    payload = data;
  } else {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${baseUrl()}/api${path}`, { method: 'POST', headers, body: payload });
  const json = (await response.json()) as { success: boolean; data: T; message?: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${json.message}`);
  return json.data;
}

/** A new custom role with `permissions` and a user of center 2 holding it; returns the e-mail and role id. */
export async function customRoleUser(label: string, permissions: Record<string, Record<string, 0 | 1>>) {
  const stamp = Date.now();
  const role = await adminCall<{ id: number }>('/role_add', { name: `${label} ${stamp}` });
  // Set Permission is its own documented call (spec part 1 section 7: /role_permission).
  await adminCall('/role_permission', { id: role.id, ...permissions });
  const email = `field${stamp}@demo.test`;
  await adminCall(
    '/register',
    {
      name: `Field ${stamp}`,
      email,
      password: demoPassword(),
      status: '1',
      mobile_number: '9876543210',
      comment: 'Outreach',
      centertypeId: '2',
      role_id: String(role.id),
    },
    true,
  );
  return { email, roleId: role.id };
}

/** Page model of the header's sync chip and the notice under the header. */
export class SyncHeader {
  constructor(private readonly page: Page) {}

  chip() {
    return this.page.getByTestId('sync-indicator');
  }

  notice() {
    return this.page.getByTestId('sync-notice');
  }

  async tone(): Promise<string | null> {
    return this.chip().getAttribute('data-tone');
  }

  /** Waits until the chip shows `tone`. */
  async waitForTone(tone: string, timeout = 60_000) {
    await this.page.locator(`[data-testid="sync-indicator"][data-tone="${tone}"]`).waitFor({ timeout });
  }

  /** The box of an element by test id or role, for layout checks at a viewport. */
  async box(selector: string) {
    const box = await this.page.locator(selector).first().boundingBox();
    if (!box) throw new Error(`${selector} is not on screen`);
    return box;
  }
}

/**
 * Codes that must never reach the screen: status keys, coded option values and record
 * field names from the contract's label tables that are not plain words (snake_case,
 * camelCase, or joined like 'byemail').
 */
export function rawCodes(tables: Array<Readonly<Record<string, unknown>>>): string[] {
  const joined = new Set(['mhp', 'byemail', 'bytelephone', 'byvisit']);
  const codes = tables.flatMap((t) => Object.keys(t));
  return [...new Set(codes)].filter((c) => c.includes('_') || /[a-z][A-Z]/.test(c) || joined.has(c));
}

/** The raw codes found as whole words in the page's visible text (case-sensitive). */
export async function codesOnScreen(page: Page, codes: string[]): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return codes.filter((code) => new RegExp(`(^|[^A-Za-z0-9_])${code}([^A-Za-z0-9_]|$)`).test(text));
}
