import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  apiGet,
  apiLogin,
  baseUrl,
  demoPassword,
  launchChromium,
  newContext,
  waitForServiceWorker,
  rowSent,
} from './support/browser';
import { LoginPage } from './pages/login-page';
import { CwcPages } from './pages/cwc-pages';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('CWC produce (spec part 1 sections 2 and 7)', () => {
  it('a produce with a document saved offline is listed after sync and filtered by date range', async () => {
    // The document rows need a tag to file under.
    const admin = await apiLogin('admin@demo.test');
    await fetch(`${baseUrl()}/api/tag_add`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `CWC order ${Date.now()}` }),
    });
    const context = await newContext(browser, { width: 768, height: 1024 });
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await waitForServiceWorker(page);
    const cwc = new CwcPages(page, 'produce');
    await cwc.openList();
    await cwc.openAdd();
    // Tags and centers reach the device while online; then the network goes.
    await page.getByRole('textbox', { name: 'Tag Name', exact: true }).click();
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await context.setOffline(true);

    const comment = `Produced offline ${Date.now()}`;
    await cwc.pickFirst('Center');
    await cwc.date('Date', '14-02-2023');
    await cwc.type('Comment', comment);
    await cwc.pickFirst('Tag Name');
    await cwc.documentFile({ name: 'order.png', mimeType: 'image/png', buffer: png });
    await cwc.submit();
    await page.waitForURL('**/produce');
    await cwc.row(comment).getByText('Pending').waitFor();

    await context.setOffline(false);
    await rowSent(cwc.row(comment), 60_000);
    const listed = await apiGet<{ comment: string; documents: unknown[] }[]>(
      '/produce?from_date=2023-02-14&to_date=2023-02-14&per_page=100',
      admin,
    );
    const saved = listed.find((r) => r.comment === comment);
    expect(saved?.documents).toHaveLength(1);

    // The three date-range messages, as info toasts.
    await cwc.date('From Date', '01-02-23');
    await cwc.search();
    await cwc.toast('Select To Date').waitFor();
    await cwc.clearDate('From Date');
    await cwc.date('To Date', '28-02-23');
    await cwc.search();
    await cwc.toast('Select From Date').waitFor();
    await cwc.date('From Date', '01-03-23');
    await cwc.search();
    await cwc.toast('From Date Should Be Less Than To Date').waitFor();
    await cwc.date('From Date', '01-02-23');
    await cwc.search();
    await cwc.row(comment).waitFor();
    await cwc.date('From Date', '15-02-23');
    await cwc.search();
    await page.getByText('No Records Found!').waitFor();
    await context.close();
  });
});
