import type { Page } from 'playwright-core';
import { ChildrenListPage } from './children-list';

/** Page model of a child's profile in edit mode (the registration steps, prefilled). */
export class ChildProfilePage {
  constructor(private readonly page: Page) {}

  /** From the list, opens the child's profile in edit mode. */
  async openEdit(name: string) {
    const list = new ChildrenListPage(this.page);
    await list.open();
    await list
      .row(name)
      .getByRole('button', { name: `Edit ${name}`, exact: true })
      .click();
    await this.page.getByRole('button', { name: 'Next' }).waitFor();
  }

  /** Fills a field, moving on through the steps until the one that holds it. */
  async setText(label: string, value: string) {
    const field = this.page.getByRole('textbox', { name: label, exact: true });
    for (let step = 0; step < 4 && !(await field.isVisible()); step++) {
      await this.page.getByRole('button', { name: 'Next' }).click();
    }
    await field.fill(value);
  }

  /** Walks the remaining steps and presses Finish, which saves on the device. */
  async finish() {
    const finish = this.page.getByRole('button', { name: 'Finish' });
    for (let step = 0; step < 4 && !(await finish.isVisible()); step++) {
      await this.page.getByRole('button', { name: 'Next' }).click();
    }
    await finish.click();
    await this.page.waitForURL('**/child-registration');
  }
}
