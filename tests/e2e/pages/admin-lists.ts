import type { Locator, Page } from 'playwright-core';
import { toasts } from '../support/browser';
import { openOptions, pickOption } from '../support/options';

/**
 * Page model of an administration list (Centers, Tags, Roles, Users, SPS Management): its
 * rows and their Edit {name} / Delete {name} actions, a delete asked first in a dialog
 * (spec part 1 section 6; src/components/row-actions.tsx).
 */
export class AdminListPage {
  constructor(
    readonly page: Page,
    private readonly path: string,
    private readonly heading: string,
  ) {}

  async open() {
    await this.page.goto(this.path);
    await this.page.getByRole('heading', { name: this.heading, exact: true, level: 2 }).waitFor();
  }

  row(text: string): Locator {
    return this.page.getByTestId('data-row').filter({ hasText: text });
  }

  /** Waits until the row saying `text` has reached the server (its Pending badge gone). */
  async sent(text: string) {
    await this.row(text).first().waitFor();
    await this.row(text).getByText('Pending').waitFor({ state: 'detached', timeout: 60_000 });
  }

  async edit(name: string) {
    await this.row(name)
      .getByRole('button', { name: `Edit ${name}`, exact: true })
      .click();
  }

  /** Deletes the row named `name`: its Delete, then Delete in the dialog titled `title`. */
  async delete(name: string, title: string) {
    await this.row(name)
      .getByRole('button', { name: `Delete ${name}`, exact: true })
      .click();
    await this.page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Delete', exact: true }).click();
  }

  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Replaces the text of the field labelled `label` in the dialog titled `title`. */
  async fill(title: string, label: string, value: string) {
    await this.dialog(title).getByRole('textbox', { name: label, exact: true }).fill(value);
  }

  /** Picks the first option of a select in `scope`, returning its label. */
  pickFirst(scope: Locator | Page, label: string): Promise<string> {
    return pickOption(this.page, label, scope);
  }

  async pick(scope: Locator | Page, label: string, option: string) {
    const list = await openOptions(this.page, label, scope);
    await list.getByRole('option', { name: option, exact: true }).click();
  }

  /**
   * Presses `button` in the dialog titled `title` and waits for it to close. A refused save
   * stays open and says why in a toast (gone after 5 s): the failure carries what was said.
   */
  async submit(title: string, button: 'Save' | 'Update') {
    const said = new Set<string>();
    await this.dialog(title).getByRole('button', { name: button, exact: true }).click();
    const deadline = Date.now() + 30_000;
    while ((await this.dialog(title).count()) > 0) {
      for (const text of await toasts(this.page).allTextContents()) said.add(text);
      if (Date.now() > deadline) throw new Error(`${title} did not close; toasts: ${JSON.stringify([...said])}`);
      await this.page.waitForTimeout(250);
    }
  }

  toast(text: string): Locator {
    return toasts(this.page, text);
  }
}

/** Page model of Add Center / Edit Center (/center-management/add-center). */
export class CenterFormPage {
  constructor(private readonly page: Page) {}

  async fill(values: { type?: string; prefix?: string; name: string; address?: string }) {
    // The list's filter is also named Center Name: wait for the form's page (its Next) so
    // the name is not typed into the list that is going away (the edit was then saved
    // with the old name).
    await this.page.getByRole('button', { name: 'Next', exact: true }).waitFor();
    if (values.type) {
      const list = await openOptions(this.page, 'Center');
      await list.getByRole('option', { name: values.type, exact: true }).click();
    }
    if (values.prefix) await this.page.getByRole('textbox', { name: 'Prefix', exact: true }).fill(values.prefix);
    await this.page.getByRole('textbox', { name: 'Center Name', exact: true }).fill(values.name);
    if (values.address) await this.page.getByRole('textbox', { name: 'Address', exact: true }).fill(values.address);
  }

  /** Next saves the center and goes back to the list. */
  async next() {
    await this.page.getByRole('button', { name: 'Next', exact: true }).click();
    await this.page.waitForURL('**/center-management');
  }

  /** Filters Center Details by name. */
  async search(name: string) {
    // The center form's own field is also named Center Name: wait for the list's filter
    // (its Search button) so the name is not typed into a form that is going away.
    const searchButton = this.page.getByRole('button', { name: 'Search', exact: true });
    await searchButton.waitFor();
    const box = this.page.getByRole('textbox', { name: 'Center Name', exact: true });
    await box.fill(name);
    if ((await box.inputValue()) !== name) throw new Error(`the Center Name filter did not take ${name}`);
    await searchButton.click();
  }
}

/** dd-MM-yyyy of a yyyy-MM-dd date, as the date inputs are typed. */
export const typed = (iso: string) => iso.split('-').reverse().join('-');
