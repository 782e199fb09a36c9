import type { Page } from 'playwright-core';
import { toasts } from '../support/browser';
import { pickOption } from '../support/options';

/** Page model of /produce and /refer and their add pages. */
export class CwcPages {
  constructor(
    private readonly page: Page,
    private readonly kind: 'produce' | 'refer',
  ) {}

  async openList() {
    await this.page.goto(`/${this.kind}`);
    await this.page.getByRole('button', { name: 'Search' }).waitFor();
  }

  async openAdd() {
    await this.page.getByRole('button', { name: 'Add', exact: true }).click();
    await this.page.getByText('Add Documents').waitFor();
  }

  pickFirst(label: string): Promise<string> {
    return pickOption(this.page, label);
  }

  /** Types into the form's own field (document rows have fields of the same label). */
  async type(label: string, value: string) {
    await this.page.getByRole('textbox', { name: label, exact: true }).first().fill(value);
  }

  async date(label: string, value: string) {
    const input = this.page.getByRole('textbox', { name: label, exact: true });
    await input.fill(value);
    await input.press('Tab');
  }

  async clearDate(label: string) {
    const input = this.page.getByRole('textbox', { name: label, exact: true });
    await input.fill('');
    await input.press('Tab');
  }

  async documentFile(file: { name: string; mimeType: string; buffer: Buffer }) {
    // The document rows' file inputs are the form's only ones (no audio on the CWC pages).
    await this.page.locator('input[type="file"]').first().setInputFiles(file);
  }

  submit() {
    return this.page.getByRole('button', { name: 'Submit' }).click();
  }

  search() {
    return this.page.getByRole('button', { name: 'Search' }).click();
  }

  row(text: string) {
    return this.page.getByTestId('data-row').filter({ hasText: text });
  }

  toast(text: string) {
    return toasts(this.page, text);
  }
}
