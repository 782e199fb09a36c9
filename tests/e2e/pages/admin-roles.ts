import type { Page } from 'playwright-core';
import { toastAfter } from '../support/browser';

/** Page model of /roles-management: the list, Add Role and Set Permission. */
export class RolesPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/roles-management');
    await this.page.getByRole('heading', { name: 'Roles Management List' }).waitFor();
  }

  async add(name: string) {
    await this.page.getByRole('button', { name: 'Add Role' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add Role' });
    await dialog.getByLabel('Role Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /**
   * Opens Set Permission of `role`, sets the given checkboxes ('Child Registration View'…),
   * saves, and returns the toast the save shows.
   */
  setPermissions(role: string, checks: Record<string, boolean>): Promise<string> {
    return toastAfter(this.page, () => this.choosePermissions(role, checks));
  }

  private async choosePermissions(role: string, checks: Record<string, boolean>) {
    await this.page.getByRole('button', { name: `Set permission of ${role}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Set Permission: ${role}` });
    for (const [label, on] of Object.entries(checks))
      await dialog.getByRole('checkbox', { name: label, exact: true }).setChecked(on);
    await dialog.getByRole('button', { name: 'Save' }).click();
  }
}
