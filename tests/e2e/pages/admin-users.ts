import type { Page } from 'playwright-core';
import { openOptions } from '../support/options';

export type NewUser = {
  name: string;
  email: string;
  password: string;
  phone: string;
  comment: string;
  center: string;
  role: string;
};

/** Page model of /users-management: the list and Add User. */
export class UsersPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/users-management');
    await this.page.getByRole('heading', { name: 'Users Management List' }).waitFor();
  }

  private async choose(scope: ReturnType<Page['getByRole']>, label: string, option: string) {
    const list = await openOptions(this.page, new RegExp(`^${label}`), scope);
    await list.getByRole('option', { name: option, exact: true }).click();
  }

  async add(user: NewUser) {
    await this.page.getByRole('button', { name: 'Add User' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Name').fill(user.name);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByLabel('Phone No.').fill(user.phone);
    await dialog.getByLabel('Comment').fill(user.comment);
    await this.choose(dialog, 'Center', user.center);
    await this.choose(dialog, 'Role', user.role);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
