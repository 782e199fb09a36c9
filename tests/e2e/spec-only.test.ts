import { describe, expect, it } from 'vitest';
import { demoPassword, newContext, sharedBrowser, specOnlyBaseUrl } from './support/browser';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';

/*
 * Against the SPEC_ONLY server (global-setup.ts, server/core/spec-only.ts): a backend that
 * answers only the documented calls, as the trust's does (DESIGN.md, The wire). Sign-in
 * reads the spec's login answer (part 1 section 7) and the dashboard its eight counts.
 */
const browser = sharedBrowser();

/** A documented read of the SPEC_ONLY server, through its own sign-in. */
async function specOnlyGet<T>(path: string, email: string): Promise<T> {
  const login = await fetch(`${specOnlyBaseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailId: email, password: demoPassword() }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const response = await fetch(`${specOnlyBaseUrl()}/api${path}`, {
    headers: { Authorization: `Bearer ${data.token}`, Accept: 'application/json' },
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
});
