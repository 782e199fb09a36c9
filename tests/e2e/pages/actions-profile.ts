import type { Locator, Page } from 'playwright-core';
import { toasts } from '../support/browser';
import { ChildrenListPage } from './children-list';
import { ChildrenWizardPage } from './children-wizard';
import { openOptions, pickOption } from '../support/options';

/** Page model of a child's profile side menu, its history tables and the action forms (spec part 1 section 4). */
export class ActionsProfilePage {
  constructor(readonly page: Page) {}

  /** Registers a child online through the wizard and waits until the server has it. */
  async register(name: string) {
    const wizard = new ChildrenWizardPage(this.page);
    await wizard.open();
    await wizard.fillRequired(name);
    await wizard.next();
    await wizard.next();
    await wizard.finish();
    await this.page.waitForURL('**/child-registration');
    await new ChildrenListPage(this.page)
      .row(name)
      .getByText('Pending')
      .waitFor({ state: 'detached', timeout: 60_000 });
  }

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

  /** The list row's Present Status badge text, reaching the list through the sidebar (no page load, so also offline). */
  async listedStatus(name: string): Promise<string> {
    const list = new ChildrenListPage(this.page);
    if (!(await list.row(name).isVisible())) {
      await this.page.getByRole('link', { name: 'Child Registration List' }).click();
      await this.page.getByTestId('pagination-text').waitFor();
    }
    return (await list.row(name).locator('[data-status-color]').textContent()) ?? '';
  }

  /** From the list on screen, opens the child's profile in edit mode. */
  async editFromList(name: string) {
    if (!(await new ChildrenListPage(this.page).row(name).isVisible())) {
      await this.page.getByRole('link', { name: 'Child Registration List' }).click();
    }
    await new ChildrenListPage(this.page)
      .row(name)
      .getByRole('button', { name: `Edit ${name}`, exact: true })
      .click();
    await this.page.getByRole('button', { name: 'Next' }).waitFor();
  }

  /** REOPEN of the edit mode (after an exit, for users who may edit the child). */
  reopenButton(): Locator {
    return this.page.getByRole('button', { name: 'REOPEN', exact: true });
  }

  menu(item: string) {
    return this.page.getByRole('navigation', { name: 'Profile menu' }).getByText(item, { exact: true }).click();
  }

  table(title: string): Locator {
    return this.page.getByRole('table', { name: `${title} history`, exact: true });
  }

  rows(title: string): Locator {
    return this.table(title).getByTestId('history-row');
  }

  /** Opens the current side menu item's form with its Add button. */
  async add() {
    await this.page.getByRole('button', { name: 'Add', exact: true }).click();
    await this.dialog().waitFor();
  }

  /** Opens a form from the edit mode's Action dropdown (Transfer, Escort/Exit, Restore). */
  async action(option: string) {
    const list = await openOptions(this.page, 'Action');
    await list.getByRole('option', { name: option, exact: true }).click();
    await this.dialog().waitFor();
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async type(label: string, value: string) {
    await this.dialog().getByRole('textbox', { name: label, exact: true }).fill(value);
  }

  async date(label: string, ddmmyyyy: string) {
    const input = this.dialog().getByRole('textbox', { name: label, exact: true });
    await input.fill(ddmmyyyy);
    await input.press('Tab');
  }

  async pick(label: string, option: string) {
    const list = await openOptions(this.page, label, this.dialog());
    await list.getByRole('option', { name: option, exact: true }).click();
  }

  /** Picks the first option a select offers, returning its label. */
  pickFirst(label: string): Promise<string> {
    return pickOption(this.page, label, this.dialog());
  }

  /** Presses Save and waits for the form to close. */
  async save(toast: string) {
    await this.dialog().getByRole('button', { name: 'Save', exact: true }).click();
    await this.toast(toast).first().waitFor();
    await this.dialog().waitFor({ state: 'detached' });
  }

  toast(text: string): Locator {
    return toasts(this.page, text);
  }
}
