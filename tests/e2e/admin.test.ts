import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiGet, apiLogin, demoPassword, lastSyncAt, launchChromium, newContext } from './support/browser';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { RolesPage } from './pages/admin-roles';
import { UsersPage } from './pages/admin-users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Polls the API until `check` passes (the outbox sends writes in the background). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in time: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

type Role = { id: number; name: string; permissions: Record<string, Record<string, number>> | null };

describe('custom roles take effect without signing out (spec part 1, section 6)', () => {
  it('a role with only child_registration view, a user with it, then create granted', async () => {
    const adminContext = await newContext(browser, { width: 768, height: 1024 });
    const admin = await adminContext.newPage();
    await new LoginPage(admin).signIn('admin@demo.test', demoPassword());
    const token = await apiLogin('admin@demo.test');
    const roleName = `reader ${Date.now() % 100000}`;

    const roles = new RolesPage(admin);
    await roles.open();
    await roles.add(roleName.toUpperCase());
    // Stored lower-case, and on the server before its permissions are set.
    await eventually(
      () => apiGet<Role[]>('/roles?per_page=100', token),
      (list) => list.some((r) => r.name === roleName),
    );
    await admin.getByRole('button', { name: `Set permission of ${roleName}` }).waitFor();
    expect(await roles.setPermissions(roleName, {})).toBe('Please choose permission');
    await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await roles.setPermissions(roleName, { 'Child Registration View': true })).toBe(
      'Permissions updated successfully',
    );
    await eventually(
      () => apiGet<Role[]>('/roles?per_page=100', token),
      (list) => list.find((r) => r.name === roleName)?.permissions?.child_registration?.view === 1,
    );

    const email = `reader${Date.now() % 100000}@demo.test`;
    const users = new UsersPage(admin);
    await users.open();
    await users.add({
      name: 'Reader Person',
      email,
      password: demoPassword(),
      phone: '9876543210',
      comment: 'e2e',
      center: 'SBT Head Office',
      role: roleName,
    });
    await eventually(
      () => apiGet<{ email: string }[]>(`/users?name=Reader Person`, token),
      (list) => list.some((u) => u.email === email),
    );

    const readerContext = await newContext(browser);
    const reader = await readerContext.newPage();
    await new LoginPage(reader).signIn(email, demoPassword());
    const shell = new AppShell(reader);
    // No Our Services: its lists show children's history entries, which need child_tracking
    // view as well (sync/SPEC.md R21), and a group with no link it may open goes.
    expect(await shell.sidebarGroups()).toEqual([
      'Dashboard',
      'Child Registration List',
      'CWC Management',
      'About Us',
      'Group Report',
    ]);
    await reader.getByRole('link', { name: 'Child Registration List' }).click();
    await shell.waitForTitle('Child Registration List');
    await reader.getByRole('button', { name: 'Filters' }).waitFor();
    for (const name of ['Add Child', 'Quick Add', 'Bulk Update'])
      expect(await reader.getByRole('button', { name }).count(), name).toBe(0);
    // The rows come with the reader's first sync (every center's children for a head office
    // user); the list is read once that sync has ended, as a person waits for it.
    await expect.poll(() => lastSyncAt(reader), { timeout: 90_000 }).not.toBeNull();
    await reader
      .getByRole('button', { name: /^View / })
      .first()
      .waitFor();
    expect(await reader.getByRole('button', { name: /^Edit / }).count()).toBe(0);

    await roles.open();
    expect(await roles.setPermissions(roleName, { 'Child Registration Create': true })).toBe(
      'Permissions updated successfully',
    );
    await eventually(
      () => apiGet<Role[]>('/roles?per_page=100', token),
      (list) => list.find((r) => r.name === roleName)?.permissions?.child_registration?.create === 1,
    );

    // The reader's app refreshes its role at its next sync (every 30 s, and when the network
    // comes back): no sign-out, no reload. Coming back online is the quicker trigger.
    await readerContext.setOffline(true);
    await readerContext.setOffline(false);
    await reader.getByRole('button', { name: 'Add Child' }).waitFor({ timeout: 75_000 });
    expect(await reader.getByRole('button', { name: 'Quick Add' }).count()).toBe(1);
    expect(new URL(reader.url()).pathname).toBe('/child-registration');
    await readerContext.close();
    await adminContext.close();
  });
});
