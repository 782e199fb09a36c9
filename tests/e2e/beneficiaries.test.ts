import { describe, expect, it } from 'vitest';
import { apiGet, apiLogin, sharedBrowser, viewports } from './support/browser';
import { deviceReadyOffline, SyncHeader } from './pages/field-day';
import { ChildrenListPage } from './pages/children-list';
import { png } from './pages/children-wizard';

const browser = sharedBrowser();

describe('non-registered beneficiaries (part 2: /education, /medical, /mhp)', () => {
  it('one served at a medical camp is added offline with a document, reaches the server once online, and its document opens', async () => {
    const { context, page } = await deviceReadyOffline(browser(), viewports.phone);
    const header = new SyncHeader(page);
    await header.waitForTone('synced', 120_000);
    await context.setOffline(true);
    await page.goto('/medical?type=non-registered');

    // The dialog helpers of the child list serve any dialog of the app.
    const screen = new ChildrenListPage(page);
    const name = `Camp Visitor ${Date.now()}`;
    // Today, so the new row is on the list's first page (newest service date first).
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('-');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = 'Add Beneficiary';
    await screen.typeIn(dialog, 'Name', name);
    await screen.pickIn(dialog, 'Gender', 'Female');
    await screen.pickIn(dialog, 'Center Name');
    await screen.typeIn(dialog, 'Date', today);
    await screen.dialog(dialog).getByRole('button', { name: 'Add Document' }).click();
    const row = screen.dialog(dialog).getByRole('group', { name: 'Document 1' });
    await row.getByRole('textbox', { name: 'Tag Name', exact: true }).click();
    await page.getByRole('option', { name: 'Aadhar Card', exact: true }).click();
    const docDate = row.getByRole('textbox', { name: "Document's Date", exact: true });
    await docDate.fill(today);
    await docDate.press('Tab');
    await row.locator('input[type="file"]').setInputFiles({ name: 'camp.png', mimeType: 'image/png', buffer: png });
    await screen.dialog(dialog).getByRole('button', { name: 'Save' }).click();
    await screen.toast('Beneficiary added successfully').waitFor();
    await page.getByText(name).first().waitFor();

    await context.setOffline(false);
    await header.waitForTone('synced', 120_000);
    const token = await apiLogin('admin@demo.test');
    const onServer = (await apiGet<{ id: number; name: string }[]>('/beneficiaries', token)).filter(
      (b) => b.name === name,
    );
    expect(onServer).toHaveLength(1);
    const documents = (
      await apiGet<{ beneficiaryId: number; filename: string }[]>('/beneficiary_documents', token)
    ).filter((d) => d.beneficiaryId === onServer[0]!.id);
    expect(documents).toHaveLength(1);

    await page.getByRole('button', { name: `Documents of ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Documents of ${name}` })
      .getByRole('img', { name: `Aadhar Card ${today}` })
      .waitFor();
    await context.close();
  });
});
