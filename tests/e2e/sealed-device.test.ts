import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiGet,
  apiLogin,
  demoPassword,
  gotoLocked,
  newContext,
  sharedBrowser,
  unlockAfterWrongPassword,
} from './support/browser';
import { LoginPage } from './pages/login-page';
import { ChildrenListPage } from './pages/children-list';
import { SyncHeader } from './pages/field-day';
import { png } from './pages/children-wizard';
import { childWithPhotoOnServer } from './support/server-child';

/*
 * Children's data sealed at rest on a shared tablet (DESIGN: Security on the device), in
 * real Chromium against the real server: after a sync and after a reload (which opens on
 * the lock screen), IndexedDB and Cache Storage read without the app hold no child's
 * name, Aadhar number or phone, nor a photo's bytes or name, in clear; the password opens
 * the list again.
 */

const browser = sharedBrowser();

type ChildView = { name?: string | null; aadharno?: string | null; mobileno?: string | null; f_name?: string | null };

/** What the first children of the demo data say of themselves that must not be in clear on the device. */
async function secretsOfSomeChildren(): Promise<string[]> {
  const token = await apiLogin('admin@demo.test');
  const secrets: string[] = [];
  for (let id = 1; id <= 12; id++) {
    const answer = await apiGet<ChildView | ChildView[]>(`/child_view/${id}`, token).catch(() => null);
    const child = Array.isArray(answer) ? answer[0] : answer;
    for (const value of [child?.name, child?.aadharno, child?.mobileno, child?.f_name]) {
      if (typeof value === 'string' && value.trim().length >= 6) secrets.push(value.trim());
    }
  }
  return secrets;
}

/** How many files the app keeps in its photo caches (Cache Storage). */
const keptFiles = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('ashray-photos:'));
    return (await Promise.all(names.map(async (n) => (await caches.open(n)).keys()))).flat().length;
  });

/**
 * Every value of every store of the app's databases, and every cached entry's address and
 * body but the app shell's (workbox's precache), as text.
 */
function rawDeviceText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
    const parts: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const stores = [...db.objectStoreNames];
      if (stores.length > 0) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const tx = db.transaction(stores, 'readonly');
          const all: unknown[] = [];
          for (const store of stores)
            tx.objectStore(store).getAll().onsuccess = (e) => all.push((e.target as IDBRequest).result);
          tx.oncomplete = () => resolve(all);
          tx.onerror = () => reject(tx.error);
        });
        const blobs: Blob[] = [];
        parts.push(
          JSON.stringify(values, (_k, v: unknown) => {
            if (v instanceof Blob) blobs.push(v);
            return v instanceof Uint8Array ? latin1(v) : v;
          }),
        );
        for (const blob of blobs) parts.push(latin1(new Uint8Array(await blob.arrayBuffer())));
      }
      db.close();
    }
    for (const cacheName of await caches.keys()) {
      if (cacheName.startsWith('workbox-precache')) continue;
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        parts.push(request.url);
        const response = await cache.match(request);
        if (response) parts.push(latin1(new Uint8Array(await response.arrayBuffer())));
      }
    }
    return parts.join('\n');
  });
}

describe('children sealed at rest in Chromium (DESIGN: Security on the device)', () => {
  it('after a sync and a reload, nothing of a child is in clear; the lock screen opens the list again', async () => {
    const secrets = await secretsOfSomeChildren();
    expect(secrets.length).toBeGreaterThan(5);
    // A photo: its bytes and the name it is stored under must not be in clear either.
    const image = await childWithPhotoOnServer(`Sealed Photo ${Date.now() % 100000}`);
    secrets.push(png.toString('latin1'), image, encodeURIComponent(image));
    const context = await newContext(browser());
    const page = await context.newPage();
    await new LoginPage(page).signIn('admin@demo.test', demoPassword());
    await new SyncHeader(page).waitForTone('synced', 120_000);
    // The photos are fetched for offline after the sync.
    await expect.poll(() => keptFiles(page), { timeout: 60_000 }).toBeGreaterThan(0);

    const afterSync = await rawDeviceText(page);
    expect(afterSync).toContain('_sealed'); // the read sees the sealed rows
    expect(secrets.filter((secret) => afterSync.includes(secret))).toEqual([]);

    // A reload (here: opening the list by its address) loses the key with the page.
    await gotoLocked(page, '/child-registration');
    const lock = page.getByRole('dialog', { name: 'Ashray is locked' });
    await lock.waitFor();
    const locked = await rawDeviceText(page);
    expect(secrets.filter((secret) => locked.includes(secret))).toEqual([]);

    await unlockAfterWrongPassword(lock);
    const list = new ChildrenListPage(page);
    await page.getByTestId('pagination-text').waitFor();
    await list.rows().first().waitFor();
    expect(await list.rows().count()).toBeGreaterThan(0);
    await context.close();
  });
});
