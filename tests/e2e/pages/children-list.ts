import type { Page } from 'playwright-core';
import { toasts } from '../support/browser';
import { answerAsNewChild } from './children-wizard';
import { openOptions } from '../support/options';

/** Page model of /child-registration. */
export class ChildrenListPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/child-registration');
    await this.page.getByTestId('pagination-text').waitFor();
  }

  row(name: string) {
    return this.rows().filter({ hasText: name });
  }

  /** The list's rows: table rows, or cards on a phone. */
  rows() {
    return this.page.getByTestId('data-row');
  }

  /** Types in the list's search box, as a person would. */
  async search(text: string) {
    const box = this.page.getByRole('textbox', { name: 'Search', exact: true });
    await box.fill('');
    await box.pressSequentially(text, { delay: 20 });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  editButtons() {
    return this.page.getByRole('button', { name: /^Edit / });
  }

  /** The open modal (Quick Add, Bulk Update Details, a confirmation). */
  dialog(title: string) {
    return this.page.getByRole('dialog').filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** A success or error toast with `text`. */
  toast(text: string) {
    return toasts(this.page, text);
  }

  /** The row's photo thumbnail as an <img>, present once its picture has loaded. */
  photo(name: string) {
    return this.row(name).getByTestId('child-photo').locator('img');
  }

  async select(name: string) {
    await this.row(name).getByRole('checkbox').check();
  }

  /** Picks `option` of a select in the open `dialog`; the first option when none is given. */
  async pickIn(dialog: string, label: string, option?: string) {
    const list = await openOptions(this.page, label, this.dialog(dialog));
    await (option ? list.getByRole('option', { name: option, exact: true }) : list.getByRole('option').first()).click();
  }

  async typeIn(dialog: string, label: string, value: string) {
    const field = this.dialog(dialog).getByRole('textbox', { name: label, exact: true });
    await field.fill(value);
    await field.press('Tab');
  }

  async quickAdd(
    child: {
      name: string;
      gender: string;
      arrival: string;
      referredBy: string;
      image: { name: string; mimeType: string; buffer: Buffer };
    },
    { asNewChildIfAsked = true } = {},
  ) {
    await this.button('Quick Add').click();
    const dialog = 'Quick Add';
    await this.typeIn(dialog, 'Name', child.name);
    await this.pickIn(dialog, 'Gender', child.gender);
    await this.typeIn(dialog, 'Date of Arrival', child.arrival);
    await this.dialog(dialog).locator('input[type="file"]').setInputFiles(child.image);
    await this.pickIn(dialog, 'CWC Action', child.referredBy);
    if (!(await this.dialog(dialog).getByRole('textbox', { name: 'Center Name', exact: true }).inputValue()))
      await this.pickIn(dialog, 'Center Name');
    await this.dialog(dialog).getByRole('button', { name: 'Save' }).click();
    if (asNewChildIfAsked) await answerAsNewChild(this.page, this.toast('Child added successfully'));
  }

  /** Bulk Update Details for the selected rows: one type, its field's first option, a date and a comment. */
  async bulkUpdate(update: { type: string; field: string; date: string; comment: string }) {
    await this.button('Bulk Update').click();
    const dialog = 'Bulk Update Details';
    await this.pickIn(dialog, 'Update Type', update.type);
    await this.pickIn(dialog, update.field);
    await this.typeIn(dialog, 'Date', update.date);
    await this.typeIn(dialog, 'Comment', update.comment);
    await this.dialog(dialog).getByRole('button', { name: 'Save' }).click();
  }

  /** Deletes a row, confirming in the dialog. */
  async remove(name: string) {
    await this.row(name)
      .getByRole('button', { name: `Delete ${name}`, exact: true })
      .click();
    await this.dialog('Delete child').getByRole('button', { name: 'Delete', exact: true }).click();
  }
}
