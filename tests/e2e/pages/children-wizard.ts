import type { Page } from 'playwright-core';

/** Page model of the four-step registration at /child-registration/profile. */
export class ChildrenWizardPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/child-registration/profile');
    await this.page.getByRole('button', { name: 'Next' }).waitFor();
  }

  async type(label: string, value: string) {
    await this.page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }

  async pick(label: string, option: string) {
    await this.page.getByRole('textbox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Picks the first option a select offers, returning its label. */
  async pickFirst(label: string): Promise<string> {
    await this.page.getByRole('textbox', { name: label, exact: true }).click();
    // A closing dropdown keeps its options in the page for a moment: take a visible one.
    const option = this.page.getByRole('option').filter({ visible: true }).first();
    await option.waitFor();
    const text = (await option.textContent()) ?? '';
    await option.click();
    return text;
  }

  async date(label: string, ddmmyyyy: string) {
    const input = this.page.getByRole('textbox', { name: label, exact: true });
    await input.fill(ddmmyyyy);
    await input.press('Tab');
  }

  async photo(file: { name: string; mimeType: string; buffer: Buffer }) {
    // Step 1 has one file input: the profile picture.
    await this.page.locator('input[type="file"]').first().setInputFiles(file);
  }

  next() {
    return this.page.getByRole('button', { name: 'Next' }).click();
  }

  finish() {
    return this.page.getByRole('button', { name: 'Finish' }).click();
  }
}
