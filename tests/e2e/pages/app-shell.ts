import type { Page } from 'playwright-core';

/** Page model of the signed-in layout: header, sidebar, user menu. */
export class AppShell {
  constructor(private readonly page: Page) {}

  title() {
    return this.page.getByTestId('page-title').textContent();
  }

  /** Waits until the header shows `title`. */
  async waitForTitle(title: string) {
    await this.page
      .getByTestId('page-title')
      .filter({ hasText: new RegExp(`^${title}$`) })
      .waitFor();
  }

  /** The top-level sidebar entries, in order. */
  async sidebarGroups(): Promise<string[]> {
    const nav = this.page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    return nav.locator(':scope > .mantine-NavLink-root .mantine-NavLink-label').allTextContents();
  }

  async logout() {
    await this.page.getByRole('button', { name: 'User menu' }).click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }

  async tileValues(): Promise<Record<string, string>> {
    const tiles = this.page.locator(
      '[data-testid^="tile-"]:not([data-testid="tile-value"]):not([data-testid="tile-trend"])',
    );
    await tiles.first().waitFor();
    const result: Record<string, string> = {};
    for (const tile of await tiles.all()) {
      const key = ((await tile.getAttribute('data-testid')) ?? '').replace('tile-', '');
      result[key] = (await tile.getByTestId('tile-value').textContent()) ?? '';
    }
    return result;
  }
}
