import { describe, expect, it } from 'vitest';
import { demoPassword, deviceCount, newContext, sharedBrowser, viewports } from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenWizardPage } from './pages/children-wizard';
import { SyncHeader } from './pages/field-day';
import { ChildrenListPage } from './pages/children-list';
import { ActionsProfilePage } from './pages/actions-profile';

const browser = sharedBrowser();

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the smaller things, on a laptop', () => {
  it('the wizard asks an all-center user for a Center; a chosen option stays when clicked again; deleting what is in use and the center switch say what will happen; a toast leaves the sync status readable; an action form names its missing date', async () => {
    const context = await newContext(browser(), viewports.laptop);
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await new SyncHeader(page).waitForTone('synced', 120_000);

    // A blank Center is not quietly the head office for a user who may register anywhere.
    const wizard = new ChildrenWizardPage(page);
    await wizard.open();
    await wizard.type('Name', 'Center Asked Child');
    await wizard.type('Date of Arrival', '05-03-2024');
    await wizard.pick('Gender', 'Female');
    await page.getByRole('button', { name: 'Next' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Center Name is required' }).first();
    await toast.waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Center Name', exact: true }).getAttribute('aria-invalid'))
      .toBe('true');

    // The toast sits below the header: the sync status stays readable while it shows.
    const toastBox = (await toast.boundingBox())!;
    const syncBox = (await page.getByTestId('sync-indicator').boundingBox())!;
    expect(overlap(toastBox, syncBox)).toBe(false);

    // Clicking the chosen option again keeps it (a required choice is not emptied by a second tap).
    await wizard.pick('Gender', 'Female');
    await wizard.pick('Gender', 'Female');
    expect(await page.getByRole('textbox', { name: 'Gender', exact: true }).inputValue()).toBe('Female');
    // Leaving the half-filled form: the browser asks first (what was typed stays as a draft).
    page.on('dialog', (dialog) => void dialog.accept());

    // The screen brings the users who hold roles and centers to the device when it opens.
    const usersPulled = () => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users' && r.ok());
    let pulled = usersPulled();
    await page.goto('/roles-management');
    await pulled;
    // A delete's refusal counts the role's users on the device: GET /users' answer is written
    // to IndexedDB after it arrives.
    await expect.poll(() => deviceCount(page, 'users'), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Delete caseworker' }).click();
    const role = page.getByRole('dialog', { name: 'Delete role' });
    await role.getByText(/The role caseworker is still given to \d+ users?, so it cannot be deleted/).waitFor();
    expect(await role.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await role.getByRole('button', { name: 'OK' }).click();

    pulled = usersPulled();
    await page.goto('/center-management');
    await pulled;
    await page.getByRole('button', { name: 'Delete Aman Open Shelter' }).click();
    const center = page.getByRole('dialog', { name: 'Delete center' });
    await center.getByText(/Aman Open Shelter still has \d+ child(ren)?/).waitFor();
    expect(await center.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await center.getByRole('button', { name: 'OK' }).click();
    expect(
      await page.getByRole('switch', { name: 'Status of Aman Open Shelter' }).getAttribute('aria-description'),
    ).toMatch(/^Enabled\. Tap to disable: the center is marked not in use; its children, users and records stay\.$/);

    // An action form without its date names the date the form shows, and marks it.
    await new ChildrenListPage(page).open();
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Next' }).waitFor();
    const profile = new ActionsProfilePage(page);
    await profile.menu('Medical');
    await profile.add();
    await profile.dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'The Medical Test Date field is required.' }).first().waitFor();
    await expect
      .poll(() => profile.dialog().getByRole('textbox', { name: 'Medical Test Date' }).getAttribute('aria-invalid'))
      .toBe('true');
    await context.close();
  });
});
