import { describe, expect, it } from 'vitest';
import {
  demoPassword,
  newContext,
  sharedBrowser,
  specOnlyBaseUrl,
  waitForServiceWorker,
  rowSent,
} from './support/browser';
import { ChildrenListPage } from './pages/children-list';
import { png } from './pages/children-wizard';
import { Part2ListsPage } from './pages/part2-lists';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { ActionsProfilePage } from './pages/actions-profile';

/*
 * Against the SPEC_ONLY server (global-setup.ts, server/core/spec-only.ts): a backend that
 * answers only the documented calls, as the trust's does (DESIGN.md, The wire). Sign-in
 * reads the spec's login answer (part 1 section 7) and the dashboard its eight counts.
 */
const browser = sharedBrowser();

/** A documented read of the SPEC_ONLY server, through its own sign-in. */
async function specOnlyGet<T>(path: string, email: string, init: RequestInit = {}): Promise<T> {
  const login = await fetch(`${specOnlyBaseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailId: email, password: demoPassword() }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const response = await fetch(`${specOnlyBaseUrl()}/api${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${data.token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
  });
  return ((await response.json()) as { data: T }).data;
}

describe('against a server with only the documented calls (SPEC_ONLY)', () => {
  it('signs in and the dashboard shows the eight tiles with its counts', async () => {
    // The server plays the trust's: our extensions are not there.
    expect((await fetch(`${specOnlyBaseUrl()}/api/me`)).status).toBe(404);
    const counts = await specOnlyGet<Record<string, number>>('/dashboard', 'admin@demo.test');
    const expected = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v.toLocaleString('en-IN')]));
    expect(Object.keys(expected)).toHaveLength(8);

    const context = await newContext(browser(), undefined, specOnlyBaseUrl());
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    const shell = new AppShell(page);
    await shell.waitForTitle('Dashboard');
    // The tiles show '–' until the stored counts are read; under load that read can come late.
    await expect.poll(() => shell.tileValues(), { timeout: 15_000 }).toEqual(expected);
    await context.close();
  });

  it('syncs without our extensions: children arrive, an exit list is read online and opens offline, and a quick add made offline reaches the server once', async () => {
    const context = await newContext(browser(), { width: 768, height: 1024 }, specOnlyBaseUrl());
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    // The missing /history is remembered and said, never a sync error (DESIGN.md, Pull).
    await page.locator('[data-testid="sync-indicator"][data-tone="limited"]').waitFor({ timeout: 120_000 });

    // Children come through the documented list, page by page.
    const [first] = await specOnlyGet<{ name: string }[]>('/child-registrations?per_page=1', 'admin@demo.test', {
      method: 'POST',
      body: '{}',
    });
    const list = new ChildrenListPage(page);
    await list.open();
    await list.search(first.name);
    await list.row(first.name).first().waitFor({ timeout: 30_000 });

    // An exit list is read through POST /restore_exit_list/{status} and kept for offline.
    const lists = new Part2ListsPage(page);
    await lists.open('/restoration');
    await lists.rows().first().waitFor({ timeout: 60_000 });
    const online = await lists.rows().count();
    expect(online).toBeGreaterThan(0);
    await context.setOffline(true);
    await lists.open('/restoration');
    await lists.rows().first().waitFor({ timeout: 30_000 });
    expect(await lists.rows().count()).toBe(online);

    // Quick Add offline (spec part 1: name, gender, arrival date and image), replayed once online.
    const name = `Spec Only ${Date.now()}`;
    await list.open();
    await list.quickAdd({
      name,
      gender: 'Female',
      arrival: '05-03-2024',
      referredBy: 'Produce to CWC',
      image: { name: 'quick.png', mimeType: 'image/png', buffer: png },
    });
    await list.row(name).waitFor();
    await context.setOffline(false);
    await rowSent(list.row(name), 60_000);
    const found = await specOnlyGet<{ name: string }[]>('/child-registrations?per_page=50', 'admin@demo.test', {
      method: 'POST',
      body: JSON.stringify({ name }),
    });
    expect(found.filter((c) => c.name === name)).toHaveLength(1);
    await context.close();
  });
});

it('a profile with its history: read per child online from the SPEC_ONLY server, and opened again offline', async () => {
  // A child of the seed with education entries, found through the documented per-child read.
  const login = await fetch(`${specOnlyBaseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailId: 'admin@demo.test', password: demoPassword() }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const get = async <T>(path: string, init: RequestInit = {}) =>
    (
      (await (
        await fetch(`${specOnlyBaseUrl()}/api${path}`, {
          ...init,
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
        })
      ).json()) as { data: T }
    ).data;
  const children = await get<{ id: number }[]>('/child-registrations?per_page=60', { method: 'POST', body: '{}' });
  let found: { id: number; entries: { comment?: string | null }[] } | null = null;
  for (const child of children) {
    const entries = await get<{ comment?: string | null }[]>(`/education_lists/${child.id}`);
    if (entries.length) {
      found = { id: child.id, entries };
      break;
    }
  }
  expect(found).not.toBeNull();
  const { id, entries } = found!;

  const context = await newContext(browser(), { width: 1280, height: 900 }, specOnlyBaseUrl());
  const page = await context.newPage();
  await new LoginPage(page).signIn('admin@demo.test', demoPassword());
  await waitForServiceWorker(page);
  await page.locator('[data-testid="sync-indicator"][data-tone="limited"]').waitFor({ timeout: 120_000 });

  // Online: the profile reads the child's history through /education_lists/{id} and the rest.
  const profile = new ActionsProfilePage(page);
  await page.goto(`/child-registration/profile?child=${id}&mode=view`);
  await profile.menu('Education');
  await expect.poll(() => profile.rows('Education').count(), { timeout: 60_000 }).toBe(entries.length);
  const comment = entries[0]!.comment;
  if (comment) await profile.table('Education').getByText(comment).first().waitFor();
  await page.getByTestId('child-records-fetched').getByText('History fetched from the server').waitFor();

  // Offline: the same profile opens with what was kept.
  await context.setOffline(true);
  await page.reload();
  await profile.menu('Education');
  await expect.poll(() => profile.rows('Education').count(), { timeout: 30_000 }).toBe(entries.length);
  await page.getByTestId('child-records-fetched').waitFor();
  await context.close();
});
