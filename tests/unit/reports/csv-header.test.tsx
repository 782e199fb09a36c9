import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import Papa from 'papaparse';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { preloadScreens, routes } from '../../../src/app/router';
import { renderRoutes } from '../../render';
import { setFetch } from '../../../sync/net/transport';
import { LAST_SYNC } from '../../../sync/engine/engine';
import { currentDb } from '../../../sync/device/session';
import { connectivityStore } from '../../../sync';
import { showDateTime } from '../../../src/lib/dates';
import { exportHeaderRows } from '../../../src/features/reports/components/csv-header';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';

/*
 * A CSV export says what it holds (part 2 section 2: report.csv, group-report.csv): the
 * report, its center and dates, who exported it and when, and who counted it, in lines
 * above the table; the file keeps its UTF-8 BOM.
 */

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
vi.mock('../../../src/lib/save-file', () => ({
  saveFile: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

/** The file's text with its byte order mark kept (a reader's readAsText would drop it). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const serverReport = {
  social_work: { new: [], pre: [], till: [] },
  previousyeardata: { male: 0, female: 0, countgender: 0 },
  start_year: 2025,
  end_year: 2026,
  pre_start_year: 2024,
  pre_end_year: 2025,
  center_name: 'Howrah Shelter',
  from_date: '2025-04-01',
  to_date: '2026-03-31',
  centerId: 5,
  from_last: '2024-04-01',
  to_last: '2025-03-31',
};

const syncedAt = Date.UTC(2026, 10, 20, 9, 30);

beforeEach(async () => {
  saved.length = 0;
  await freshDeviceSignedInAs(adminUser);
  await currentDb().lookups.put({
    key: 'centers_list',
    data: [{ id: 5, name: 'Howrah Shelter' }],
    pulledAt: Date.now(),
  });
  await currentDb().syncState.put({ collection: LAST_SYNC, cursor: null, lastPullAt: syncedAt });
});
afterEach(() => {
  setFetch(undefined);
  connectivityStore.setState({ online: true });
});

/** Opens `path`, exports, and answers the file's text and its rows after the BOM. */
async function exportFrom(path: string, name: string) {
  renderRoutes(routes, path);
  const button = await screen.findByRole('button', { name: 'Export to CSV' }, { timeout: 5000 });
  fireEvent.click(button);
  await waitFor(() => expect(saved.map((s) => s.name)).toContain(name));
  const text = await textOf(saved.find((s) => s.name === name)!.blob);
  return { text, rows: Papa.parse<string[]>(text.replace(/^\uFEFF/, '')).data };
}

// The screens are lazy chunks: fetched (transformed) once here, not within a test's wait.
beforeAll(() => preloadScreens(), 120_000);

describe('CSV exports say what they hold', () => {
  it('the header block: report, center, dates, who and when, and who counted', () => {
    const at = Date.UTC(2026, 10, 27, 3, 0);
    const by = { name: 'Admin', email: 'admin@demo.test' };
    const online = exportHeaderRows({
      title: 'Report List',
      center: 'Howrah Shelter',
      from: '2025-04-01',
      to: '2026-03-31',
      by,
      at,
      source: { source: 'server' },
    });
    expect(online).toEqual([
      ['Report List'],
      ['Center', 'Howrah Shelter'],
      ['From', '01-04-2025'],
      ['To', '31-03-2026'],
      ['Exported by', 'Admin (admin@demo.test)'],
      ['Exported at', showDateTime(at)],
      ['Counted by the server'],
      [],
    ]);
    const offline = exportHeaderRows({
      title: 'Group Report',
      center: null,
      from: null,
      to: null,
      by,
      at,
      source: { source: 'device', why: 'offline', syncedAt },
    });
    expect(offline[1]).toEqual(['Center', 'All centers']);
    expect(offline[6]).toEqual([`Counted on this device (offline), last sync ${showDateTime(syncedAt)}`]);
  });

  it('report.csv online: the BOM, the server as counter, the center and dates, then the table', async () => {
    connectivityStore.setState({ online: true });
    setFetch(async (input) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      if (path.endsWith('/reports')) return json({ success: true, data: serverReport });
      throw new TypeError('Failed to fetch');
    });
    const { text, rows } = await exportFrom('/reports?centerId=5', 'report.csv');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(rows.slice(0, 5)).toEqual([
      ['Report List'],
      ['Center', 'Howrah Shelter'],
      ['From', '01-04-2025'],
      ['To', '31-03-2026'],
      ['Exported by', 'Admin (admin@demo.test)'],
    ]);
    expect(rows[5]![0]).toBe('Exported at');
    expect(rows[6]).toEqual(['Counted by the server']);
    expect(rows[7]).toEqual(['']);
    expect(rows[8]![0]).toBe('Category');
    expect(rows.find((r) => r[0] === 'Total')).toBeDefined();
  });

  it('group-report.csv offline: "Counted on this device" with the last sync', async () => {
    connectivityStore.setState({ online: false });
    setFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { text, rows } = await exportFrom('/groupReports', 'group-report.csv');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(rows[0]).toEqual(['Group Report']);
    expect(rows[1]).toEqual(['Center', 'All centers']);
    expect(rows[6]).toEqual([`Counted on this device (offline), last sync ${showDateTime(syncedAt)}`]);
    expect(rows[8]![0]).toBe('Category');
  });
});
