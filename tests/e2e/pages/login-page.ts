import type { Page } from 'playwright-core';
import { toasts } from '../support/browser';

/** Page model of /login. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
    await this.shown();
  }

  /** Waits until the sign-in form is on screen, as a user would before typing. */
  async shown() {
    await this.page.waitForURL('**/login');
    await this.page.getByLabel('Email').waitFor();
  }

  /** Types the credentials and presses Enter, as a user would. */
  async submit(email: string, password: string) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByLabel('Password', { exact: true }).press('Enter');
  }

  /** The text of the newest toast. */
  async toast(): Promise<string> {
    const toast = toasts(this.page).last();
    await toast.waitFor();
    return (await toast.locator('.mantine-Notification-description').textContent()) ?? '';
  }

  async signIn(email: string, password: string) {
    await this.open();
    await this.submit(email, password);
    await this.page.waitForURL('**/dashboard');
  }
}
