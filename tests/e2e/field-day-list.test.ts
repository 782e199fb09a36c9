import { describe, expect, it } from 'vitest';
import { SyncHeader, deviceReadyOffline } from './pages/field-day';
import { sharedBrowser, viewports } from './support/browser';
import { ChildrenListPage } from './pages/children-list';

const { phone, laptop } = viewports;

const browser = sharedBrowser();

describe('the child list can be scanned', () => {
  it('on a phone, offline: cards instead of a wide table, and a search box that finds a child as you type', async () => {
    const { context, page } = await deviceReadyOffline(browser(), phone);
    await new SyncHeader(page).waitForTone('synced', 120_000);
    await context.setOffline(true);
    const list = new ChildrenListPage(page);
    await list.open();

    const cards = page.getByRole('list', { name: 'Child Registration List' });
    await cards.waitFor();
    expect(await page.getByRole('table', { name: 'Child Registration List' }).count()).toBe(0);
    // Nothing wider than the phone: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    const first = list.rows().first();
    const name = (await first.getByRole('button', { name: /^View / }).getAttribute('aria-label'))!.replace(
      /^View /,
      '',
    );
    expect(await first.getByTestId('child-photo').count()).toBe(1);
    expect(await first.locator('[data-status-color]').count()).toBe(1);

    await list.search(name);
    await expect.poll(() => list.rows().count()).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await list.rows().allTextContents()).every((t) => t.includes(name))).toBe(true);
    await list.search(`${name} zzqx`);
    await page.getByText('No Records Found!').waitFor();
    await context.close();
  });

  it('on a laptop: a sorted column, a chip per filter that removes it, and hidden columns remembered after a reload', async () => {
    const { context, page } = await deviceReadyOffline(browser(), laptop);
    // The children are on the device once the first sync is done (deviceReadyOffline waits for lookups only).
    await new SyncHeader(page).waitForTone('synced', 120_000);
    const list = new ChildrenListPage(page);
    await list.open();
    const table = page.getByRole('table', { name: 'Child Registration List' });

    const nameHeader = table.getByRole('columnheader', { name: 'Child Name' });
    await nameHeader.getByRole('button').click();
    // Under a loaded CI the header shows the new order a moment after the address does.
    await expect.poll(() => nameHeader.getAttribute('aria-sort'), { timeout: 15_000 }).toBe('ascending');
    const shownNames = () =>
      list.rows().evaluateAll((rows) => rows.map((r) => r.querySelector('td:nth-child(3) p')?.textContent ?? ''));
    const inOrder = (names: string[]) =>
      names.every(
        (n, i) => i === 0 || names[i - 1]!.localeCompare(n, 'en', { sensitivity: 'base', numeric: true }) <= 0,
      );
    await expect.poll(async () => (await shownNames()).length, { timeout: 15_000 }).toBe(10);
    await expect.poll(async () => inOrder(await shownNames()), { timeout: 15_000 }).toBe(true);

    await list.button('Filters').click();
    await list.pickIn('Search User Details Filters', 'Gender', 'Female');
    await list.dialog('Search User Details Filters').getByRole('button', { name: 'Search' }).click();
    const chip = page.getByRole('button', { name: 'Remove filter Gender: Female' });
    await chip.waitFor();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name');
    await chip.click();
    await chip.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('gender')).toBeNull();

    await list.button('Columns').click();
    await page.getByRole('checkbox', { name: 'Address', exact: true }).uncheck();
    await page.keyboard.press('Escape');
    await table.getByRole('columnheader', { name: 'Address', exact: true }).waitFor({ state: 'detached' });
    await page.reload();
    await list.rows().first().waitFor();
    expect(await table.getByRole('columnheader', { name: 'Address', exact: true }).count()).toBe(0);
    expect(await table.getByRole('columnheader', { name: 'Phone No.', exact: true }).count()).toBe(1);
    await context.close();
  });

  it('offline, the hide-action mode from the user menu leaves each row only View, and stays after a reload', async () => {
    const { context, page } = await deviceReadyOffline(browser(), laptop);
    await new SyncHeader(page).waitForTone('synced', 120_000);
    await context.setOffline(true);
    const list = new ChildrenListPage(page);
    await list.open();
    const first = list.rows().first();
    await first.getByRole('button', { name: /^Edit / }).waitFor();
    const actions = () =>
      first.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    expect(await actions()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^View /), expect.stringMatching(/^Edit /)]),
    );

    const menuItem = (name: string) => page.getByRole('menuitem', { name });
    await page.getByTestId('user-menu').click();
    await menuItem('Hide row actions').click();
    await first.getByRole('button', { name: /^Edit / }).waitFor({ state: 'detached' });
    expect((await actions()).filter((a) => /^(Edit|Delete) /.test(a))).toEqual([]);
    expect((await actions()).filter((a) => a.startsWith('View '))).toHaveLength(1);

    await page.reload();
    await first.getByRole('button', { name: /^View / }).waitFor();
    expect((await actions()).filter((a) => /^(Edit|Delete) /.test(a))).toEqual([]);
    await page.getByTestId('user-menu').click();
    await menuItem('Show row actions').click();
    await first.getByRole('button', { name: /^Edit / }).waitFor();
    await context.close();
  });
});
