import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, demoPassword, launchChromium, unlockOnLoad } from './support/browser';
import { LoginPage } from './pages/login-page';
import { pickOption } from './support/options';

/*
 * The review queue in words (sync/SPEC.md R10): a queued meal the server refuses (422)
 * reads as a Meal with its form's labels and the center's name, on a phone, and its Edit
 * and resubmit uses the meal form's inputs.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the review queue reads in words', () => {
  it('a refused queued meal: "New · Meal", Center Name with the center\'s name, the date as a date; resubmit sends it', async () => {
    // Without the service worker, every send of the outbox goes through the page, where the refusal is staged.
    const context = await browser.newContext({ baseURL: baseUrl(), serviceWorkers: 'block' });
    unlockOnLoad(context);
    const page = await context.newPage();
    const refusal = {
      success: false,
      message: 'The selected Center Name is invalid.',
      errors: { center_id: ['The selected Center Name is invalid.'] },
    };
    await page.route('**/api/meal_add', (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify(refusal) }),
    );
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await page.goto('/manage-meals');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Meal' });
    const center = (await pickOption(page, 'Center Name', dialog, 1)).trim();
    const date = dialog.getByRole('textbox', { name: 'Date', exact: true });
    await date.fill('05-02-2020');
    await date.press('Tab');
    await pickOption(page, 'Meal Provided in a day', dialog, 1);
    await dialog.getByRole('textbox', { name: 'Children Count' }).fill('14');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sync');
    const card = page.getByTestId('rejected-card');
    await card.getByText('New · Meal').waitFor({ timeout: 30_000 });
    await card.getByText(refusal.message).waitFor();
    expect((await card.getByTestId('rejected-field').allTextContents()).map((t) => t.trim())).toEqual([
      `Center Name${center}`,
      'Date05-02-2020',
      'Meal Provided in a day2',
      'Children Count14',
    ]);
    expect(await card.textContent()).not.toMatch(/center_id|meal_type|meal_date|child_count|meals/);
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    await card.getByRole('button', { name: 'Edit and resubmit' }).click();
    // The form's selects show their choice once their options are read from the device.
    await expect.poll(() => card.getByRole('textbox', { name: 'Center Name', exact: true }).inputValue()).toBe(center);
    expect(await card.getByRole('textbox', { name: 'Date', exact: true }).inputValue()).toBe('05-02-2020');
    expect(await card.getByLabel('center_id').count()).toBe(0);

    // The server takes it once the refusal is lifted: the card leaves the queue.
    await page.unroute('**/api/meal_add');
    await card.getByRole('button', { name: 'Resubmit' }).click();
    await page.getByText('Nothing to review.').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
