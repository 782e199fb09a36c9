import { describe, expect, it } from 'vitest';
import { sharedBrowser, viewports } from './support/browser';
import { deviceReadyOffline, SyncHeader } from './pages/field-day';

const { phone } = viewports;

const browser = sharedBrowser();

describe('on this device, on a phone', () => {
  it('the user menu opens what the device holds, offline: children, records, queued changes, storage used and left, and whether the browser keeps it', async () => {
    const { context, page } = await deviceReadyOffline(browser(), phone);
    await new SyncHeader(page).waitForTone('synced', 120_000);
    await context.setOffline(true);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'On this device' }).click();
    const panel = page.getByTestId('device-panel');
    await panel.waitFor();
    const value = async (label: string) =>
      (await panel
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: label }) })
        .getByRole('cell')
        .textContent()) ?? '';
    // Counts are written as the language groups them (6,737): read back as numbers.
    const count = async (label: string) => Number((await value(label)).replace(/,/g, ''));
    expect(await value('Records kept for offline work')).toMatch(/^\d{1,3}(,\d{2})*(,\d{3})?$|^\d{1,3}$/);
    expect(await count('Children')).toBeGreaterThan(0);
    expect(await count('Records kept for offline work')).toBeGreaterThanOrEqual(await count('Children'));
    expect(await value('Changes not yet sent')).toBe('0');
    expect(await value('Last sync')).toMatch(/ago$/);
    expect(await panel.getByTestId('device-storage').textContent()).toMatch(
      /^[\d.]+ (bytes|KB|MB|GB) used, [\d.]+ (KB|MB|GB|TB) left$/,
    );
    expect(await panel.getByTestId('device-persisted').textContent()).toMatch(
      /keeps this data|may clear this data|does not say/,
    );
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    await context.close();
  });
});
