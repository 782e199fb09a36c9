import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  apiGet,
  apiLogin,
  baseUrl,
  demoPassword,
  launchChromium,
  newContext,
  waitForOfflineData,
  waitForServiceWorker,
  rowSent,
} from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenListPage } from './pages/children-list';
import { ChildrenWizardPage, png } from './pages/children-wizard';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

// A 1x1 PNG, a JPEG's first bytes (all the server sniffs) and a few bytes of MP3.
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const mp3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00]);

type ServerChild = { id: number; name: string; image: string | null };
type ServerDocument = {
  id: number;
  tagId: number;
  doc_date: string;
  filename: string | null;
  profile_audio_name: string | null;
  file_path: string | null;
  audio_path: string | null;
};

async function serverChildrenNamed(token: string, name: string): Promise<ServerChild[]> {
  const response = await fetch(`${baseUrl()}/api/child-registrations?per_page=100`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await response.json()) as { data: ServerChild[] }).data.filter((c) => c.name === name);
}

async function fileBytes(token: string, path: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('child documents (spec part 1 sections 3 and 7)', () => {
  it('a registration with a photo and two documents made offline reaches the server once, files and all, after a reload offline', async () => {
    const admin = await apiLogin('admin@demo.test');
    const tag = `Birth Certificate ${Date.now()}`;
    const added = await fetch(`${baseUrl()}/api/tag_add`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ name: tag }),
    });
    expect(added.status).toBe(200);

    const context = await newContext(browser, { width: 768, height: 1024 });
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    await waitForOfflineData(page, { tags: true });
    const list = new ChildrenListPage(page);
    await list.open();
    // The device has finished its first sync, as a field worker's would before going out.
    await page
      .getByTestId('last-sync')
      .filter({ hasText: /^Last sync/ })
      .waitFor({ timeout: 120_000 });

    const name = `Documented Child ${Date.now()}`;
    const wizard = new ChildrenWizardPage(page);
    // Everything from here to Finish happens with the network off.
    await context.setOffline(true);
    await wizard.open();
    await wizard.fillRequired(name, 'Female');
    await wizard.next();
    await wizard.addDocument(1, {
      tag,
      date: '06-03-2024',
      file: { name: 'certificate.jpeg', mimeType: 'image/jpeg', buffer: jpeg },
    });
    await wizard.addDocument(2, {
      tag,
      date: '07-03-2024',
      file: { name: 'school.png', mimeType: 'image/png', buffer: png },
      audio: { name: 'statement.mp3', mimeType: 'audio/mpeg', buffer: mp3 },
    });
    await wizard.next();
    await wizard.finish();
    await page.waitForURL('**/child-registration');
    await list.row(name).getByText('Pending').waitFor();
    expect(await page.getByTestId('pending-count').textContent()).toBe('3 pending');

    await page.reload();
    await list.row(name).getByText('Pending').waitFor();
    expect(await page.getByTestId('pending-count').textContent()).toBe('3 pending');
    expect(await serverChildrenNamed(admin, name)).toHaveLength(0);

    await context.setOffline(false);
    await rowSent(list.row(name), 60_000);
    await page.getByTestId('pending-count').waitFor({ state: 'detached', timeout: 60_000 });

    const [child, ...more] = await serverChildrenNamed(admin, name);
    expect(more).toHaveLength(0);
    expect(child!.image).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(await fileBytes(admin, `/api/files/children/${child!.image}`)).toEqual(png);
    const documents = await apiGet<ServerDocument[]>(`/documents_lists/${child!.id}`, admin);
    expect(documents.map((d) => d.doc_date).sort()).toEqual(['2024-03-06', '2024-03-07']);
    const first = documents.find((d) => d.doc_date === '2024-03-06')!;
    const second = documents.find((d) => d.doc_date === '2024-03-07')!;
    expect(first.filename).toMatch(/\.jpeg$/);
    expect(first.profile_audio_name).toBeNull();
    expect(await fileBytes(admin, first.file_path!)).toEqual(jpeg);
    expect(await fileBytes(admin, second.file_path!)).toEqual(png);
    expect(await fileBytes(admin, second.audio_path!)).toEqual(mp3);

    // The profile's Images & Documents tab shows both; a download keeps the original extension.
    await list
      .row(name)
      .getByRole('button', { name: `View ${name}`, exact: true })
      .click();
    await page.getByRole('tab', { name: 'Images & Documents' }).click();
    const entries = page.getByTestId('document-entry');
    await entries.nth(1).waitFor();
    expect(await entries.count()).toBe(2);
    await page.getByTestId('document-audio-player').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      entries
        .filter({ hasText: '06-03-2024' })
        .getByRole('button', { name: /^Download / })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(first.filename);

    // Opening a document and downloading one are entries of the child's access history.
    await entries
      .filter({ hasText: '07-03-2024' })
      .getByRole('button', { name: /^View / })
      .click();
    await page.getByRole('dialog').getByRole('img').first().waitFor();
    await page.keyboard.press('Escape');
    const superadmin = await apiLogin('superadmin@demo.test');
    let history: { action: string; subject: string | null }[] = [];
    for (let tries = 0; tries < 60; tries++) {
      history = await apiGet(`/child_access_log/${child!.id}`, superadmin);
      if (history.some((r) => r.action === 'document_view') && history.some((r) => r.action === 'file_download')) break;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'document_view', subject: `document ${second.id}` }),
        expect.objectContaining({ action: 'file_download', subject: `document ${first.id}` }),
      ]),
    );
    await context.close();
  });
});
