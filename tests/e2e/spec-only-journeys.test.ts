import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  demoPassword,
  newContext,
  sharedBrowser,
  specOnlyBaseUrl,
  waitForOfflineData,
  waitForServiceWorker,
} from './support/browser';
import { ChildProfilePage } from './pages/child-profile';
import { LoginPage } from './pages/login-page';
import { registerOnServer } from './support/server-child';

/*
 * Main journeys against the SPEC_ONLY server (server/core/spec-only.ts), a backend of the
 * documented calls only, as the trust's: a report and a group report with a count's
 * details (spec part 2, sections 3-4 and 7), and a conflict between two devices found
 * without If-Match (sync/SPEC.md R11-R14 through documented reads).
 */
const browser = sharedBrowser();

async function specOnlyToken(email = 'admin@demo.test'): Promise<string> {
  const login = await fetch(`${specOnlyBaseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailId: email, password: demoPassword() }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** A documented POST list of the SPEC_ONLY server. */
async function specOnlyChildren(body: Record<string, unknown>, perPage = 50) {
  const response = await fetch(`${specOnlyBaseUrl()}/api/child-registrations?per_page=${perPage}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await specOnlyToken()}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { data: Array<{ id: number; name: string; f_name: string | null }> }).data;
}

/**
 * Records the fields of every API write the pages of `context` send (JSON, or the text
 * fields of a multipart body) in the tab's sessionStorage: Chromium hands Playwright no
 * body for a fetch that its service worker passes on.
 */
async function recordBodies(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const real = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      try {
        const copy = input instanceof Request ? new Request(input.clone(), init) : new Request(input, init);
        const url = new URL(copy.url, location.href);
        if (url.pathname.startsWith('/api/') && copy.method !== 'GET') {
          const type = copy.headers.get('content-type') ?? '';
          let body: Record<string, unknown> = {};
          if (type.includes('json')) body = (await copy.json()) as Record<string, unknown>;
          else if (type.includes('multipart'))
            for (const [key, value] of await copy.formData()) if (typeof value === 'string') body[key] = value;
          const sent = JSON.parse(sessionStorage.getItem('e2e-sent') ?? '[]') as unknown[];
          sent.push({ path: url.pathname, body });
          sessionStorage.setItem('e2e-sent', JSON.stringify(sent));
        }
      } catch {
        // Recording never stands in the request's way.
      }
      return real(input, init);
    };
  });
}

/** The bodies the page's tab sent to `path` so far. */
async function sentBodies(page: Page, path: string): Promise<Record<string, unknown>[]> {
  const sent = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('e2e-sent') ?? '[]') as { path: string; body: Record<string, unknown> }[],
  );
  return sent.filter((s) => s.path === `/api${path}`).map((s) => s.body);
}

type Cell = { gender: string; countgender: number; search_1: string; search_2: string };

async function signedIn(context: BrowserContext, email = 'admin@demo.test'): Promise<Page> {
  const page = await context.newPage();
  await new LoginPage(page).signIn(email, demoPassword());
  return page;
}

/** Waits until the first sync against this server is done (the header says what it lacks). */
const waitForLimitedSync = (page: Page) =>
  page.locator('[data-testid="sync-indicator"][data-tone="limited"]').waitFor({ timeout: 120_000 });

describe('main journeys against a server with only the documented calls (SPEC_ONLY)', () => {
  it("a report's count opens its details with the cell's search_1/search_2; a group report's with the previous period's years", async () => {
    const context = await newContext(browser(), undefined, specOnlyBaseUrl());
    await recordBodies(context);
    const page = await signedIn(context);

    const reportAnswer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/reports' && r.request().method() === 'POST',
      { timeout: 60_000 },
    );
    await page.goto('/reports');
    const report = ((await (await reportAnswer).json()) as { data: Record<string, unknown> }).data;
    // The spec's answer: none of our added fields, and the screen renders it.
    expect(report).not.toHaveProperty('categories');
    expect(report).not.toHaveProperty('till_to');
    await page.getByTestId('report-source').getByText('Counted by the server').waitFor();

    // The first count above zero of a category row: its row names the category, its column the cell.
    const row = page
      .getByTestId('report-table')
      .locator('tr[data-category]:not([data-category="total"]):not([data-category="previous-balance"])')
      .filter({ has: page.getByRole('button') })
      .first();
    const category = (await row.getAttribute('data-category'))!;
    const cells = row.locator('td');
    let column = -1;
    for (let i = 1; i < (await cells.count()); i++)
      if ((await cells.nth(i).getByRole('button').count()) > 0) {
        column = i - 1;
        break;
      }
    expect(column).toBeGreaterThanOrEqual(0);
    const period = (['new', 'pre', 'till'] as const)[Math.floor(column / 3)];
    const gender = ['Male', 'Female', null][column % 3];
    const cell = (report[category] as Record<string, Cell[]>)[period].find(
      (c) => gender === null || c.gender === gender,
    )!;
    const count = cells.nth(column + 1).getByRole('button');
    const n = Number(await count.textContent());
    await count.click();
    await page.waitForURL('**/reports/report-details?**');
    await page.getByText(new RegExp(`Displaying 1 to ${Math.min(n, 10)} of ${n}$`)).waitFor({ timeout: 30_000 });
    // On the wire: the cell's own conditions (part 2 section 4), never our 'category'.
    expect((await sentBodies(page, '/single_report')).at(-1)).toMatchObject({
      where: cell.search_1,
      value: cell.search_2,
      gender: gender ?? 'novalue',
    });

    // The group report: a count's details carry the previous period's years (part 2 section 7).
    await page.goto('/groupReports');
    await page.getByTestId('report-source').getByText('Counted by the server').waitFor({ timeout: 60_000 });
    const groupCount = page.getByTestId('group-report-table').getByRole('button').first();
    const m = Number(await groupCount.textContent());
    expect(m).toBeGreaterThan(0);
    await groupCount.click();
    await page.waitForURL('**/groupReports/report-details?**');
    await page.getByText(new RegExp(`Displaying 1 to ${Math.min(m, 10)} of ${m}$`)).waitFor({ timeout: 30_000 });
    const sent = (await sentBodies(page, '/group_single_report')).at(-1)!;
    expect(sent).not.toHaveProperty('gender');
    expect(sent).toMatchObject({ pre_start_year: expect.any(String), pre_end_year: expect.any(String) });
    expect(Number(sent.pre_end_year) - Number(sent.pre_start_year)).toBe(1);
    await context.close();
  });

  it('two devices edit the same child: the second save becomes a conflict through /child_view, and keeping mine sends one update', async () => {
    const name = `Spec Conflict ${Date.now()}`;
    const first = await newContext(browser(), undefined, specOnlyBaseUrl());
    const second = await newContext(browser(), undefined, specOnlyBaseUrl());
    await recordBodies(second);
    const views: string[] = [];
    second.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/child_view/')) views.push(new URL(r.url()).pathname);
    });
    // The child comes from another device (the documented /child_add): this journey is
    // about the conflict. The same user then signs in on two devices side by side: both keep
    // the child's center on the device, so both edit it offline.
    const child = await registerOnServer(name, await specOnlyToken(), specOnlyBaseUrl());
    const [pageA, pageB] = await Promise.all([signedIn(first, 'admin@demo.test'), signedIn(second, 'admin@demo.test')]);
    await Promise.all([waitForLimitedSync(pageA), waitForLimitedSync(pageB)]);
    // The edit form offline needs the lookups its selects offer (states, districts, centers).
    await Promise.all([waitForOfflineData(pageA), waitForOfflineData(pageB)]);
    // Opening the list offline is a page load the service worker answers: it must have
    // precached the app (every screen's chunk) on both devices first.
    await Promise.all([waitForServiceWorker(pageA), waitForServiceWorker(pageB)]);

    const edit = async (page: Page, value: string) => {
      const profile = new ChildProfilePage(page);
      await profile.openEdit(child.name);
      await profile.setText('Father Name', value);
      await profile.finish();
    };
    // Both edit offline, against the same version of the record.
    await first.setOffline(true);
    await second.setOffline(true);
    await edit(pageA, 'Ramesh');
    await edit(pageB, 'Suresh');

    await first.setOffline(false);
    await expect
      .poll(async () => (await specOnlyChildren({ name: child.name })).find((c) => c.id === child.id)?.f_name, {
        timeout: 60_000,
      })
      .toBe('Ramesh');

    // The server would take B's stale save; the device reads the record first and stops.
    await second.setOffline(false);
    await pageB.getByTestId('sync-attention').waitFor({ timeout: 60_000 });
    expect(views).toContain(`/api/child_view/${child.id}`);
    expect(await sentBodies(pageB, '/child_update')).toEqual([]);
    expect((await specOnlyChildren({ name: child.name })).find((c) => c.id === child.id)?.f_name).toBe('Ramesh');

    await pageB.getByRole('link', { name: 'Sync status' }).click();
    const card = pageB.getByTestId('conflict-card');
    await card.waitFor();
    // The server's value, as /child_view answered it (a list page read before A's save, and
    // applied after, no longer takes its place: pull.ts keeps the newer base).
    await expect.poll(() => card.getByRole('table', { name: 'Conflicting fields' }).textContent()).toContain('Ramesh');
    await card.getByRole('button', { name: 'Keep mine' }).click();
    await card.waitFor({ state: 'detached' });
    await pageB.getByText('Nothing to review.').waitFor();
    await expect
      .poll(async () => (await specOnlyChildren({ name: child.name })).find((c) => c.id === child.id)?.f_name, {
        timeout: 60_000,
      })
      .toBe('Suresh');
    const updates = await sentBodies(pageB, '/child_update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ id: String(child.id), f_name: 'Suresh' });
    await first.close();
    await second.close();
  }, 240_000);
});
