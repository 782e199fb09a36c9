import type { Locator, Page } from 'playwright-core';

/** Where the select's textbox is: the page, or a dialog or form on it. */
type Scope = Pick<Page, 'getByRole'>;

/**
 * Opens the select labelled `label` (in `scope`, the page by default) and returns its own
 * list of options: the list the textbox controls (aria-controls), not any option on the page,
 * since a dropdown closed a moment ago keeps its options on screen while it fades out (longer
 * on a busy machine), and a click on one of those picks nothing for this select.
 */
export async function openOptions(page: Page, label: string | RegExp, scope: Scope = page): Promise<Locator> {
  const box = scope.getByRole('textbox', { name: label, exact: true });
  await box.click();
  const open = box.and(page.locator('[aria-controls]'));
  await open.waitFor();
  return page.locator(`[id="${await open.getAttribute('aria-controls')}"]`);
}

/** Picks the option at `index` (the first by default) of the select labelled `label`, returning its label. */
export async function pickOption(page: Page, label: string, scope: Scope = page, index = 0): Promise<string> {
  const option = (await openOptions(page, label, scope)).getByRole('option').nth(index);
  await option.waitFor();
  const text = (await option.textContent()) ?? '';
  await option.click();
  return text;
}
