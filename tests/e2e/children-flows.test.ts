import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { bulkUpdatedMessage, messages, statusLabel } from '../../sync/contract';
import {
  apiGet,
  apiLogin,
  baseUrl,
  demoPassword,
  launchChromium,
  newContext,
  waitForOfflineData,
  waitForServiceWorker,
  rowSent,
  lastSyncAt,
} from './support/browser';
import { AppShell } from './pages/app-shell';
import { ChildProfilePage } from './pages/child-profile';
import { ChildrenListPage } from './pages/children-list';
import { LoginPage } from './pages/login-page';
import { png } from './pages/children-wizard';
import { registerOnServer, type ServerChild } from './support/server-child';

/*
 * The children flows in Chromium: quick add with its photo, the photo kept for
 * offline, an edit made offline reaching the server, bulk update of two children (made
 * offline), delete with its confirmation and toast, and a center-bound user's reach.
 */

let browser: Browser;
let admin: string;
beforeAll(async () => {
  browser = await launchChromium();
  admin = await apiLogin('admin@demo.test');
});
afterAll(async () => {
  await browser?.close();
});

const api = async <T>(path: string, token: string, init: { method?: string; json?: unknown; body?: FormData } = {}) => {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  return { status: response.status, body: (await response.json()) as T };
};

const serverChild = async (name: string) =>
  (
    await api<{ data: ServerChild[] }>('/child-registrations?per_page=100', admin, { method: 'POST', json: { name } })
  ).body.data.find((c) => c.name === name);

/** Whether the row's thumbnail is a picture that decoded (not the initial letter). */
const photoShows = (list: ChildrenListPage, name: string) =>
  list
    .photo(name)
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:'));

describe('children flows (spec part 1 sections 2 and 3)', () => {
  it('quick add with its photo; the photo shows offline; an edit made offline reaches the server; logout clears the photos', async () => {
    const prefix = `Flow ${Date.now()}`;
    const edited = await registerOnServer(`${prefix} Edit`, admin);
    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    await waitForOfflineData(page);
    const list = new ChildrenListPage(page);
    await list.open();

    const quick = `${prefix} Quick`;
    await list.quickAdd({
      name: quick,
      gender: 'Female',
      arrival: '05-03-2024',
      referredBy: 'Produce to CWC',
      image: { name: 'quick.png', mimeType: 'image/png', buffer: png },
    });
    await list.toast('Child added successfully').waitFor();
    await list.row(quick).waitFor();
    await rowSent(list.row(quick), 60_000);
    await expect.poll(async () => (await serverChild(quick))?.image ?? null, { timeout: 30_000 }).toMatch(/\.png$/);

    // Online, the synced photo is fetched with the token and kept; offline after a reload it still shows.
    await list.photo(quick).waitFor({ timeout: 30_000 });
    await expect.poll(() => photoShows(list, quick), { timeout: 30_000 }).toBe(true);
    await list.photo(edited.name).waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    await page.reload();
    await list.row(quick).waitFor();
    await expect.poll(() => photoShows(list, quick), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => photoShows(list, edited.name), { timeout: 30_000 }).toBe(true);

    const profile = new ChildProfilePage(page);
    await profile.openEdit(edited.name);
    await profile.setText('Father Name', 'Ramesh Offline');
    await profile.finish();
    await list.row(edited.name).getByText('Pending').waitFor();
    expect((await serverChild(edited.name))?.f_name ?? null).not.toBe('Ramesh Offline');
    await context.setOffline(false);
    await expect.poll(async () => (await serverChild(edited.name))?.f_name, { timeout: 60_000 }).toBe('Ramesh Offline');

    await page.getByTestId('pending-count').waitFor({ state: 'detached', timeout: 30_000 });
    const photoCaches = () =>
      page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('ashray-photos:')).length);
    expect(await photoCaches()).toBe(1);
    await new AppShell(page).logout();
    // Sign-out wipes the photo caches before it leaves for /login, and the page is not reloaded
    // on the way (a sync request refused with the old token once did, mid-wipe).
    await new LoginPage(page).shown();
    expect(await photoCaches()).toBe(0);
    await context.close();
  });

  it('bulk update of two children made offline reaches the server as their history; delete asks first and says so', async () => {
    const prefix = `Bulk ${Date.now()}`;
    const a = await registerOnServer(`${prefix} A`, admin);
    const b = await registerOnServer(`${prefix} B`, admin);
    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    const list = new ChildrenListPage(page);
    await list.open();
    await list.row(b.name).waitFor({ timeout: 60_000 });
    await list.row(a.name).waitFor();

    await context.setOffline(true);
    await list.select(a.name);
    await list.select(b.name);
    await list.bulkUpdate({ type: 'Medical', field: 'Medical Issue', date: '01-06-2025', comment: 'Health camp' });
    await list.toast(bulkUpdatedMessage).waitFor();
    await list.dialog('Bulk Update Details').waitFor({ state: 'detached' });
    // Present Status follows at once, from the device.
    for (const child of [a, b])
      await list.row(child.name).getByText(statusLabel('medical_issue'), { exact: true }).waitFor();

    await context.setOffline(false);
    type Entry = { history_status: string; comment: string; medical_issues: string | null };
    const medical = async (id: number) =>
      (await api<{ data: Entry[] }>(`/listing/${id}/medical_issue`, admin)).body.data;
    for (const child of [a, b]) {
      await expect.poll(async () => (await medical(child.id)).length, { timeout: 60_000 }).toBe(1);
      expect((await medical(child.id))[0]).toMatchObject({
        history_status: 'medical_issue',
        comment: 'Health camp',
        medical_issues: expect.any(String),
      });
    }

    // The server moved both children's Present Status with the entries (a newer record):
    // the device deletes the record it holds after a sync brought that, as a person would
    // after the sync; a delete of the older copy is a conflict (sync/SPEC.md R13).
    const sentAt = Date.now();
    await expect.poll(async () => ((await lastSyncAt(page)) ?? 0) > sentAt, { timeout: 60_000 }).toBe(true);
    await list.remove(b.name);
    await list.toast(messages.childDeleted).waitFor();
    await list.row(b.name).waitFor({ state: 'detached' });
    await expect.poll(async () => (await api(`/child_view/${b.id}`, admin)).status, { timeout: 60_000 }).toBe(404);
    expect((await api(`/child_view/${a.id}`, admin)).status).toBe(200);
    await context.close();
  });

  it("a center-bound user lists only its center's children, and the server refuses it another center's child", async () => {
    const staff = await apiLogin('staff@demo.test');
    const me = await apiGet<{ centerId: number }>('/me', staff);
    const [center] = await apiGet<{ id: number; name: string }[]>('/centers_list', staff);
    expect(center!.id).toBe(me.centerId);
    const own = await api<{ pagination: { total: number } }>('/child-registrations', staff, {
      method: 'POST',
      json: {},
    });
    const all = await api<{ data: ServerChild[]; pagination: { total: number } }>(
      '/child-registrations?per_page=100',
      admin,
      { method: 'POST', json: {} },
    );
    expect(own.body.pagination.total).toBeGreaterThan(0);
    expect(own.body.pagination.total).toBeLessThan(all.body.pagination.total);

    const context = await newContext(browser);
    const page = await context.newPage();
    await new LoginPage(page).signIn('staff@demo.test', demoPassword());
    const list = new ChildrenListPage(page);
    await list.open();
    await page
      .getByTestId('pagination-text')
      .filter({ hasText: new RegExp(` of ${own.body.pagination.total}$`) })
      .waitFor({ timeout: 60_000 });
    const rows = await page.getByTestId('data-row').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain(center!.name);
    await context.close();

    const other = all.body.data.find((c) => c.centerdetailId !== me.centerId)!;
    expect((await api(`/child_view/${other.id}`, staff)).status).toBe(404);
    const ownChild = (await api<{ data: ServerChild[] }>('/child-registrations', staff, { method: 'POST', json: {} }))
      .body.data[0]!;
    const refused = await api('/bulk_update', staff, {
      method: 'POST',
      json: { type: 'mhp', bulk: [ownChild.id, other.id], mhp: 'Play Therapy', date: '2025-06-01', comment: 'x' },
    });
    // The caseworker may edit children but only view child tracking, so Bulk Update (which
    // writes history entries) is refused before the other center's child is even looked at.
    expect(refused.status).toBe(403);
    expect(
      (await api<{ data: unknown[] }>(`/listing/${ownChild.id}/mhp`, staff)).body.data.filter(
        (e) => (e as { comment?: string }).comment === 'x',
      ),
    ).toEqual([]);
  });
});
