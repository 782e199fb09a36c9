import type { Page } from 'playwright-core';

/** Page model of /child-registration. */
export class ChildrenListPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/child-registration');
    await this.page.getByTestId('pagination-text').waitFor();
  }

  row(name: string) {
    return this.page.getByTestId('data-row').filter({ hasText: name });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  editButtons() {
    return this.page.getByRole('button', { name: /^Edit / });
  }
}
