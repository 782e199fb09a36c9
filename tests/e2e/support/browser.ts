import { chromium, type Browser, type BrowserContext, type CDPSession, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Debian's Chromium, never a downloaded browser; CHROME_PATH overrides. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Every Chromium this worker has open, so a failed attempt can say what its pages showed. */
const launched = new Set<Browser>();

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/**
 * What every open page of this worker shows, a line each: its address, title, the sync
 * chip, and the text of its open dialogs, toasts, alerts and field errors. Printed with a failed attempt
 * (report-attempts.ts), so a wait that ran out says what was on screen instead.
 */
export async function pagesOnScreen(): Promise<string> {
  const lines: string[] = [];
  for (const browser of launched)
    for (const context of browser.contexts())
      for (const page of context.pages()) {
        const shown = page.evaluate(() => {
          const texts = (selector: string) =>
            [...document.querySelectorAll<HTMLElement>(selector)]
              .filter((element) => element.getClientRects().length > 0)
              .map((element) => (element.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 300));
          const one = (selector: string) => texts(selector)[0] ?? '';
          return [
            `title "${one('[data-testid="page-title"]')}"`,
            `sync "${one('[data-testid="sync-indicator"]')}"`,
            ...texts('[role="dialog"]').map((text) => `dialog "${text}"`),
            ...texts('.mantine-Notification-root').map((text) => `toast "${text}"`),
            ...texts('[role="alert"]').map((text) => `alert "${text}"`),
            ...texts('.mantine-InputWrapper-error').map((text) => `field error "${text}"`),
          ].join(' · ');
        });
        const timeout = new Promise<string>((resolve) => setTimeout(() => resolve(''), 5_000));
        const what = await Promise.race([shown, timeout]).catch((error: unknown) => `(unreadable: ${String(error)})`);
        lines.push(`  ${page.url()} · ${what || `(no answer in 5 s) ${await busyStack(page)}`}`);
      }
  return lines.join('\n');
}

/**
 * Where a page that does not answer is busy: its main thread paused through the DevTools
 * protocol (Debugger.pause interrupts running script, where an evaluate waits for it to end),
 * each frame with the bundle's text around it, since the build has no source maps.
 */
async function busyStack(page: Page): Promise<string> {
  const session = debuggers.get(page);
  if (!session) return '(no debugger on this page)';
  try {
    const paused = new Promise<{ callFrames: CallFrame[] }>((resolve) =>
      session.once('Debugger.paused', (payload) => resolve(payload)),
    );
    await session.send('Debugger.pause');
    const stopped = await Promise.race([paused, new Promise<undefined>((resolve) => setTimeout(resolve, 5_000))]);
    if (!stopped) return '(not paused in 5 s: the main thread is not running script)';
    const frames: string[] = [];
    for (const frame of stopped.callFrames.slice(0, 12)) {
      const { scriptId, lineNumber, columnNumber = 0 } = frame.location;
      const { scriptSource } = await session.send('Debugger.getScriptSource', { scriptId });
      const line = scriptSource.split('\n')[lineNumber] ?? '';
      const near = line.slice(Math.max(0, columnNumber - 80), columnNumber + 80);
      frames.push(
        `\n      at ${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${lineNumber + 1}:${columnNumber + 1} «${near}»`,
      );
    }
    await session.send('Debugger.resume').catch(() => undefined);
    return `busy in script:${frames.join('')}`;
  } catch (error) {
    return `(stack unreadable: ${String(error)})`;
  }
}

type CallFrame = {
  functionName: string;
  url: string;
  location: { scriptId: string; lineNumber: number; columnNumber?: number };
};

/** The viewports the app was tried at: a phone, a shelter's tablet, a head-office laptop. */
export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  laptop: { width: 1280, height: 800 },
} as const;

/** One Chromium for a test file: launched before its tests, closed after. Call at the file's top level. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/**
 * This worker's pair of e2e servers (global-setup.ts): vitest numbers its workers from 1
 * (VITEST_POOL_ID), and two files running at once are never in one worker.
 */
function servers() {
  const all = inject('servers');
  return all[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % all.length]!;
}

export const baseUrl = () => servers().baseUrl;
export const demoPassword = () => inject('demoPassword');
/** The e2e server with SPEC_ONLY=1: only the documented calls, as the trust's backend (global-setup.ts). */
export const specOnlyBaseUrl = () => servers().specOnlyBaseUrl;

/**
 * A fresh browser profile (its own IndexedDB, storage and service worker), on `origin` (the
 * normal server by default). Its pages give the password when a page load opens on the lock
 * screen (`unlockOnLoad`).
 */
export async function newContext(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  origin = baseUrl(),
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: origin, viewport });
  await faithfulOffline(context);
  context.on('page', (page) => void watchForHangs(page));
  unlockOnLoad(context);
  return context;
}

/** The `goto` of each page before `unlockOnLoad` taught it, for the tests of the lock screen. */
const lockedGoto = new WeakMap<Page, Page['goto']>();

/**
 * A page load while someone is signed in opens on the lock screen: the data key went with
 * the page before (DESIGN: Security on the device), and the user gives the password, as at
 * the idle lock. So that a journey that reloads or opens an address reads as the user's day,
 * every `goto` and `reload` of the context's pages gives it when the lock screen comes up.
 */
export function unlockOnLoad(context: BrowserContext): void {
  const teach = (page: Page) => {
    if (lockedGoto.has(page)) return;
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    lockedGoto.set(page, goto);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await unlockIfLocked(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await unlockIfLocked(page);
      return response;
    };
  };
  context.on('page', teach);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    teach(page);
    return page;
  };
}

/** At the lock screen (`lock`): a wrong password is refused in words, the right one opens it. */
export async function unlockAfterWrongPassword(lock: Locator): Promise<void> {
  await lock.getByLabel('Password').fill('not-my-password');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await lock.getByText('The password is not correct.').waitFor();
  await lock.getByLabel('Password').fill(demoPassword());
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await lock.waitFor({ state: 'detached' });
}

/** Opens `url` as a new page load and leaves the lock screen it opens on up, for the tests of that screen. */
export async function gotoLocked(page: Page, url: string): Promise<void> {
  await (lockedGoto.get(page) ?? page.goto.bind(page))(url);
}

/**
 * Right after a page load: when someone is signed in (the app's mirror of the session in
 * localStorage), waits for the lock screen, or the sign-in form of a session that ended,
 * and gives the lock screen the password.
 */
async function unlockIfLocked(page: Page): Promise<void> {
  const signedIn = await page.evaluate(() => localStorage.getItem('user') !== null).catch(() => false);
  if (!signedIn) return;
  // Found by what they are, not by their English names: a device set to Hindi shows both in Hindi.
  const lock = page.getByTestId('idle-lock');
  await lock.or(page.locator('input[autocomplete="username"]')).first().waitFor({ timeout: 30_000 });
  if (!(await lock.isVisible())) return;
  await lock.locator('input[autocomplete="current-password"]').fill(demoPassword());
  await lock.locator('button[type="submit"]').click();
  await lock.waitFor({ state: 'detached' });
}

/**
 * Each page's DevTools session with its debugger on, from the page's start: a page whose main
 * thread is stuck in script can then still be paused to say where (busyStack), where turning
 * the debugger on would itself wait for the script to end.
 */
const debuggers = new WeakMap<Page, CDPSession>();

async function watchForHangs(page: Page): Promise<void> {
  try {
    const session = await page.context().newCDPSession(page);
    await session.send('Debugger.enable');
    debuggers.set(page, session);
  } catch {
    // The page closed first: nothing to watch.
  }
}

/**
 * Chromium's emulated offline (Debian's Chromium 150) answers `navigator.onLine === true` in a
 * document loaded after `setOffline(true)` (a reload, a `goto`), though every request fails;
 * a real phone without network answers false. So that the app sees what a phone shows,
 * `setOffline` here also tells every current and later document of the context.
 */
async function faithfulOffline(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get(this: Navigator) {
        return (window as { __e2eOffline?: boolean }).__e2eOffline === true ? false : (real.get!.call(this) as boolean);
      },
    });
  });
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (offline: boolean) => {
    await context.addInitScript(`window.__e2eOffline = ${offline};`);
    await setOffline(offline);
    // The emulation does not always fire online/offline in such documents either; a phone does.
    for (const page of context.pages()) {
      await page
        .evaluate((value) => {
          (window as { __e2eOffline?: boolean }).__e2eOffline = value;
          window.dispatchEvent(new Event(value ? 'offline' : 'online'));
        }, offline)
        .catch(() => undefined);
    }
  };
}

/** Waits until the service worker has precached the shell and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = () => Boolean(navigator.serviceWorker.controller);
  if (await page.evaluate(controlled)) return;
  try {
    await page.waitForFunction(controlled, null, { timeout: 10_000 });
  } catch {
    // The worker claims the documents open when it activates (clientsClaim); a document
    // whose navigation was still in flight then is not among them, and stays uncontrolled
    // until it loads again, as the app would at the user's next visit. The worker is
    // active (ready above), so the reload is answered by it.
    await page.reload();
    await page.waitForFunction(controlled, null, { timeout: 30_000 });
  }
}

/**
 * Goes to `path` inside the running app, as a link in it would (react-router reads the
 * history entry on popstate), where `page.goto` would load the whole app again: for a test
 * that visits many screens of one session and is about the screens, not their first load.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  // The layout marks its main element with the location it shows once the new screen is in
  // (a screen's chunk may hold the old one on screen meanwhile).
  await page.locator(`main[data-location="${path}"]`).waitFor();
}

/** Signs in through the API, for tests that need data the UI shows. */
export async function apiLogin(email: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailId: email, password: demoPassword() }),
  });
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

/** A documented GET's `data`, from the normal server or the one at `base` (SPEC_ONLY). */
export async function apiGet<T>(path: string, token: string, base = baseUrl()): Promise<T> {
  const response = await fetch(`${base}/api${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  return ((await response.json()) as { data: T }).data;
}

/**
 * Waits until the app has kept on the device what registration needs offline: India's
 * states and every state's districts (the shell prefetches them after sign-in); with
 * `tags`, the document tags too. It reads the lookups' keys, which are in clear: what
 * they hold is sealed (DESIGN: Security on the device). A tag added on the server before
 * the sign-in is in the device's first copy of the tags.
 */
export async function waitForOfflineData(page: Page, options: { tags?: boolean } = {}): Promise<void> {
  await page.waitForFunction(
    async (tags) => {
      const dbs = await indexedDB.databases();
      const name = dbs.map((d) => d.name ?? '').find((n) => n.startsWith('ashray-u'));
      if (!name) return false;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
          const request = db.transaction('lookups').objectStore('lookups').getAllKeys();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const states = keys.filter((k) => String(k).startsWith('districts:')).length;
        if (!keys.includes('state:101') || !keys.includes('centers_list') || states < 36) return false;
        return !tags || keys.includes('tags_all');
      } finally {
        db.close();
      }
    },
    options.tags === true,
    { timeout: 60_000, polling: 500 },
  );
}

/** The app's toasts (Mantine notifications) on `page`; with `text`, those saying it. */
export function toasts(page: Page, text?: string): Locator {
  const all = page.locator('.mantine-Notification-root');
  return text === undefined ? all : all.filter({ hasText: text });
}

/**
 * Runs `action` and returns the text of the first toast shown after it. Toasts already on the
 * screen are marked first, so an earlier toast still fading out is never read as the answer.
 */
export async function toastAfter(page: Page, action: () => Promise<void>): Promise<string> {
  await toasts(page).evaluateAll((shown) => shown.forEach((t) => t.setAttribute('data-e2e-seen', '')));
  await action();
  const fresh = page.locator('.mantine-Notification-root:not([data-e2e-seen])').first();
  await fresh.waitFor();
  return (await fresh.locator('.mantine-Notification-description').textContent()) ?? '';
}

/**
 * Waits until a list row has been sent: first until the row is on screen (a list may render
 * once before the record saved a moment ago is in it, and "no Pending mark" on a row not yet
 * there proves nothing), then until its Pending mark is gone.
 */
export async function rowSent(row: Locator, timeout = 60_000): Promise<void> {
  await row.first().waitFor({ timeout });
  await row.getByText('Pending').waitFor({ state: 'detached', timeout });
}

/** What `readDevice` asks a store: how many records it holds, or one record by key or by an index. */
type DeviceQuery = { count: true } | { key: string | number; index?: string };

/**
 * Reads a store of the signed-in user's database on `page`'s device without the app's code:
 * null before that database (or the store) exists or when no record matches.
 */
function readDevice(page: Page, store: string, query: DeviceQuery): Promise<unknown> {
  return page.evaluate(
    async ({ storeName, query }) => {
      const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.startsWith('ashray-u'));
      if (!name) return null;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        if (!db.objectStoreNames.contains(storeName)) return null;
        const source = db.transaction(storeName).objectStore(storeName);
        const from = 'index' in query && query.index ? source.index(query.index) : source;
        const request: IDBRequest = 'count' in query ? from.count() : from.get(query.key);
        return await new Promise<unknown>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result ?? null);
          request.onerror = () => reject(request.error);
        });
      } finally {
        db.close();
      }
    },
    { storeName: store, query },
  );
}

/**
 * When the app's last sync run ended (its `__last_sync` record in the user's database), or
 * null before the first one. A test that needs the device to hold what the server holds now
 * (a record the server changed) waits for a run that ended after that change.
 */
export async function lastSyncAt(page: Page): Promise<number | null> {
  const row = (await readDevice(page, 'syncState', { key: '__last_sync' })) as { lastPullAt?: number | null } | null;
  return row?.lastPullAt ?? null;
}

/**
 * How many records a store of the signed-in user's database holds on `page`'s device (null
 * before that database exists): what a test waits for when the app writes an answer to
 * IndexedDB after it arrives.
 */
export async function deviceCount(page: Page, store: string): Promise<number | null> {
  return (await readDevice(page, store, { count: true })) as number | null;
}

/** Whether the device holds the server record `id` in `store` (its `id` index). */
export async function deviceHolds(page: Page, store: string, id: number): Promise<boolean> {
  return (await readDevice(page, store, { key: id, index: 'id' })) !== null;
}
