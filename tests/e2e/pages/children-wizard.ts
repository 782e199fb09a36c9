import type { Locator, Page } from 'playwright-core';
import { openOptions, pickOption } from '../support/options';

type FileSpec = { name: string; mimeType: string; buffer: Buffer };

/** A 1x1 PNG: the photo every registration in the e2e tests carries. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

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
    const list = await openOptions(this.page, label);
    await list.getByRole('option', { name: option, exact: true }).click();
  }

  /** Picks the first option a select offers, returning its label. */
  pickFirst(label: string): Promise<string> {
    return pickOption(this.page, label);
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

  /**
   * Fills every required field of steps 1 and 2 (photo included) and stays on step 2, so
   * the caller decides what happens before the next step (going offline, documents).
   */
  async fillRequired(name: string, gender: 'Male' | 'Female' = 'Male') {
    await this.type('Name', name);
    await this.date('Date of Arrival', '05-03-2024');
    await this.pick('Gender', gender);
    await this.pickFirst('Center Name');
    await this.photo({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await this.next();
    await answerAsNewChild(this.page, this.page.getByRole('textbox', { name: 'CWC Action', exact: true }));
    await this.pick('CWC Action', 'Produce to CWC');
    await this.pick('Short Stay', 'No');
    await this.type('Address', 'Platform 4, New Delhi station');
    await this.pickFirst('State');
    await this.pickFirst('District');
    await this.pick('Reference By', 'Self');
  }

  /** Adds a document row on the Documents step and fills it: tag, date (dd-MM-yyyy), file and optional audio. */
  async addDocument(index: number, row: { tag: string; date: string; file: FileSpec; audio?: FileSpec }) {
    await this.page.getByRole('button', { name: 'Add Document' }).click();
    const group = this.page.getByRole('group', { name: `Document ${index}` });
    const tags = await openOptions(this.page, 'Tag Name', group);
    await tags.getByRole('option', { name: row.tag, exact: true }).click();
    const date = group.getByRole('textbox', { name: "Document's Date", exact: true });
    await date.fill(row.date);
    await date.press('Tab');
    const files = group.locator('input[type="file"]');
    await files.nth(0).setInputFiles(row.file);
    if (row.audio) await files.nth(1).setInputFiles(row.audio);
  }

  /**
   * Next, then waits, as a person would, until the step changed or the app asks whether
   * the child is one already registered; a step the app kept (a field it found wrong) fails
   * here with the app's words, not at a later click.
   */
  async next() {
    const active = this.page.locator('.mantine-Stepper-step[data-progress]');
    const before = await active.textContent();
    await this.page.getByRole('button', { name: 'Next' }).click();
    const moved = this.page
      .locator('.mantine-Stepper-step[data-progress]')
      .filter({ hasNotText: before ?? '' })
      .or(this.page.getByTestId('possible-matches'));
    try {
      await moved.first().waitFor({ timeout: 30_000 });
    } catch (error) {
      const problems = await this.page.locator('.mantine-InputWrapper-error').allTextContents();
      throw new Error(`Next stayed on ${before}: ${problems.join('; ') || 'no field marked'}`, { cause: error });
    }
  }

  finish() {
    return this.page.getByRole('button', { name: 'Finish' }).click();
  }
}

/**
 * Children registered by earlier tests have look-alike names (the same words, another
 * number): when the app asks whether this is one of them, a test not about that question
 * answers that it is a new child. Waits until either the question or `next` shows.
 */
export async function answerAsNewChild(page: Page, next: Locator): Promise<void> {
  const question = page.getByTestId('possible-matches');
  await question.or(next).first().waitFor();
  if (await question.isVisible()) await question.getByRole('button', { name: /as a new child$/ }).click();
}
