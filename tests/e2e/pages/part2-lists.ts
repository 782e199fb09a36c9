import type { Page } from 'playwright-core';
import { toasts } from '../support/browser';

/** Page model of the part 2 lists: exit/restoration lists, SPS Management, notifications. */
export class Part2ListsPage {
  constructor(readonly page: Page) {}

  async open(path: string) {
    await this.page.goto(path);
    await this.page.getByTestId('pagination-text').waitFor();
  }

  rows() {
    return this.page.getByTestId('data-row');
  }

  row(text: string) {
    return this.rows().filter({ hasText: text });
  }

  toast(text: string) {
    return toasts(this.page, text);
  }

  async openFilters() {
    await this.page.getByRole('button', { name: 'Filters', exact: true }).click();
    await this.drawer().waitFor();
  }

  drawer() {
    return this.page.getByRole('dialog', { name: 'Filters' });
  }

  centerSelect() {
    return this.drawer().getByRole('textbox', { name: 'Center Name', exact: true });
  }

  async date(label: 'From Date' | 'To Date', ddmmyy: string) {
    const input = this.drawer().getByRole('textbox', { name: label, exact: true });
    await input.fill(ddmmyy);
    await input.press('Tab');
  }

  search() {
    return this.drawer().getByRole('button', { name: 'Search', exact: true }).click();
  }

  reset() {
    return this.drawer().getByRole('button', { name: 'Reset', exact: true }).click();
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }
}

/** dd-MM-yyyy shown in the table as the DD-MM-YY a filter is typed in. */
export const asFilterDate = (shown: string) => `${shown.slice(0, 6)}${shown.slice(8)}`;
