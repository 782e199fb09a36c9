import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  apiGet,
  apiLogin,
  baseUrl,
  demoPassword,
  deviceCount,
  newContext,
  sharedBrowser,
  waitForServiceWorker,
} from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenListPage } from './pages/children-list';
import { SyncHeader } from './pages/field-day';

const browser = sharedBrowser();

type AccessRow = {
  kind: string;
  action: string;
  subject: string | null;
  user_email: string | null;
  offline: boolean | null;
};

/** The child's access history as the superadmin reads it, polled until `found` holds (the device sends after it syncs). */
async function historyUntil(childId: number, found: (rows: AccessRow[]) => boolean): Promise<AccessRow[]> {
  const token = await apiLogin('superadmin@demo.test');
  const deadline = Date.now() + 90_000;
  for (;;) {
    const rows = await apiGet<AccessRow[]>(`/child_access_log/${childId}`, token);
    if (found(rows) || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Registers a user through the documented call (POST /register) with `role` at center `centerId`. */
async function registerUser(email: string, role: string, centerId: number): Promise<void> {
  const admin = await apiLogin('superadmin@demo.test');
  const roles = await apiGet<{ id: number; name: string }[]>('/roles?per_page=100', admin);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: 'Center Admin',
    email,
    password: demoPassword(),
    status: '1',
    mobile_number: '9876500011',
    comment: 'Center administrator',
    centertypeId: String(centerId),
    role_id: String(roles.find((r) => r.name === role)!.id),
  }))
    form.append(k, v);
  const response = await fetch(`${baseUrl()}/api/register`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, Accept: 'application/json' },
    body: form,
  });
  expect(response.status).toBe(200);
}

describe('the access log (who opened a child, offline included)', () => {
  it("a viewer's offline view reaches the administrator's history marked offline; a report export says who made it and is logged; a center-bound administrator reads only its center's children", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await new LoginPage(page).signIn('viewer@demo.test', demoPassword());
    await waitForServiceWorker(page);
    await new SyncHeader(page).waitForTone('synced', 120_000);

    // The child: the list's first, opened once online to learn its id.
    const list = new ChildrenListPage(page);
    await list.open();
    const view = page.getByRole('button', { name: /^View / }).first();
    await view.waitFor({ timeout: 120_000 });
    const label = (await view.getAttribute('aria-label'))!;
    await view.click();
    await page.waitForURL(/child=\d+/);
    await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
    const childId = Number(new URL(page.url()).searchParams.get('child'));

    // Offline: the profile again, and its Basic Information tab.
    await list.open();
    await context.setOffline(true);
    await page.getByRole('button', { name: label, exact: true }).click();
    await page.getByRole('tab', { name: 'Basic Information' }).click();
    await page.getByRole('tab', { name: 'Basic Information', selected: true }).waitFor();
    await context.setOffline(false);

    const rows = await historyUntil(childId, (r) =>
      r.some((x) => x.action === 'profile_view' && x.offline === true && x.subject === 'basic'),
    );
    const offlineViews = rows.filter(
      (r) => r.kind === 'access' && r.action === 'profile_view' && r.user_email === 'viewer@demo.test' && r.offline,
    );
    expect(offlineViews.map((r) => r.subject)).toEqual(expect.arrayContaining(['overview', 'basic']));
    expect(
      rows.filter((r) => r.action === 'profile_view' && r.offline === false),
      JSON.stringify(rows),
    ).not.toEqual([]);

    // A report's CSV ends with who exported it and when, and the export is sent to the
    // server's log (the device's queue of accesses empties on the server's 200).
    await page.goto('/reports');
    await page.getByRole('button', { name: 'Export to CSV' }).waitFor();
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/access_log') && r.status() === 200, {
      timeout: 60_000,
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lastLine = csv.trimEnd().split('\r\n').at(-1)!;
    expect(lastLine).toMatch(/^"?Exported by Vikram Chauhan \(viewer@demo\.test\) at \d/);
    await sent;
    // The device empties its queue after it has read the server's 200, a moment later.
    await expect.poll(() => deviceCount(page, 'accessQueue'), { timeout: 30_000 }).toBe(0);
    await context.close();

    // A center-bound administrator: another center's child's history is refused.
    const children = await apiGet<{ id: number; centerdetailId: number }[]>(
      `/child_view/${childId}`,
      await apiLogin('superadmin@demo.test'),
    );
    const center = (Array.isArray(children) ? children[0] : children).centerdetailId;
    const otherCenter = center === 2 ? 3 : 2;
    await registerUser('center-admin-e2e@demo.test', 'admin', otherCenter);
    const centerAdmin = await apiLogin('center-admin-e2e@demo.test');
    const refused = await fetch(`${baseUrl()}/api/child_access_log/${childId}`, {
      headers: { Authorization: `Bearer ${centerAdmin}`, Accept: 'application/json' },
    });
    expect(refused.status).toBe(403);
  });
});
