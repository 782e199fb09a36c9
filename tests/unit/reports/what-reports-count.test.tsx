import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { preloadScreens, routes } from '../../../src/app/router';
import { renderRoutes } from '../../render';
import { setFetch } from '../../../sync/net/transport';
import { connectivityStore } from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { detailsScope, detailsScopeLine } from '../../../src/features/reports/components/details-scope';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';
import { screenWidth } from '../../screen-width';

/*
 * Reports say what they count: a details page names the count it explains (part 2
 * section 4: center, dates, gender, the search conditions) in the spec's words; the group
 * report's previous balance stands apart from Total, which does not include it; its chart
 * is named for what it counts (recorded actions, not children).
 */

const names = new Map([
  [2, 'Howrah Shelter'],
  [3, 'Sealdah Contact Point'],
]);
const scopeOf = (query: string) => detailsScope(new URLSearchParams(query), (id) => names.get(id));

// The screens are lazy chunks: fetched (transformed) once here, not within a test's wait.
beforeAll(() => preloadScreens(), 120_000);

describe("a details page's count in words", () => {
  it('a /reports count: its category, gender, center and period', () => {
    expect(
      scopeOf(
        'from_date=2024-04-01&to_date=2025-03-31&gender=Male&where=category&value=medical_issue&where1=novalue&value1=novalue&centerId=2',
      ),
    ).toEqual({ row: 'Medical', column: 'Male', center: 'Howrah Shelter', period: '01-04-2024 to 31-03-2025' });
  });

  it("the Total column and row of every center, and earlier years' open start", () => {
    const scope = scopeOf('from_date=&to_date=2023-03-31&gender=novalue&where=novalue&value=novalue');
    expect(scope).toEqual({
      row: 'All categories',
      column: 'Male and female (Total)',
      center: 'All centers',
      period: 'up to 31-03-2023',
    });
    expect(detailsScopeLine(scope)).toBe(
      'Children counted in: All categories · Male and female (Total) · All centers · up to 31-03-2023',
    );
  });

  it('a group count names its gender through where1/value1 (section 7); a status condition reads as its category', () => {
    expect(
      scopeOf(
        'where=category&value=escort_exit&where1=gender&value1=Female&isTotal=no&centerId=3&from_date=2025-04-01&to_date=2026-03-31',
      ),
    ).toMatchObject({ row: 'Escort/Exit', column: 'Female', center: 'Sealdah Contact Point' });
    // A spec-shaped server's own condition: where=history_status, value=a status key.
    expect(scopeOf('where=history_status&value=higher_education').row).toBe('Education');
    expect(scopeOf('where=history_status&value=something_new').row).toBe('something new');
    // type=noaction adds the third condition.
    expect(scopeOf('where=category&value=mhp&type=noaction&where2=gender&value2=Male').column).toBe('Male');
    // A center the device cannot name yet still reads as a center, never as a bare id.
    expect(scopeOf('centerId=9').center).toBe('Center 9');
  });
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const centersList = [...names].map(([id, name]) => ({ id, name }));
const cell = (total: number, centerId: number | 'total') => ({ total, centerId, searchParams: {} });
const groupAnswer = {
  AllCenterList: [
    { id: 2, name: 'Howrah Shelter' },
    { id: 3, name: 'Sealdah Contact Point' },
  ],
  categories: [{ key: 'restoration', title: 'Restore' }],
  restoration: { Total: [cell(150, 2), cell(100, 3), cell(250, 'total')] },
  totalsum: [cell(150, 2), cell(100, 3), cell(250, 'total')],
  previous_balance: [cell(50, 2), cell(28, 3), cell(78, 'total')],
  date_range: { from_date: '2025-04-01', to_date: '2026-03-31' },
};

const detailsRow = {
  id: 9,
  name: 'Ramesh',
  uniqueId: 'SBT-9',
  history_status: 'restoration',
  gender: 'Male',
  transfer_date: '2025-05-02',
  created_at: '2025-05-02T10:00:00Z',
  updated_at: '2025-05-03T10:00:00Z',
  center_data: { name: 'Howrah Shelter', unique_centerId: 'SBT-HWH-002' },
};

describe('the report screens say what they count', () => {
  beforeEach(async () => {
    await freshDeviceSignedInAs(adminUser);
    await currentDb().lookups.put({ key: 'centers_list', data: centersList, pulledAt: Date.now() });
    connectivityStore.setState({ online: true });
    setFetch(async (input) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname.replace(/^.*\/api/, '');
      if (path === '/group_report2') return json({ success: true, data: groupAnswer });
      if (path === '/centers_list') return json({ success: true, data: centersList });
      if (path === '/single_report' || path === '/group_single_report')
        return json({
          success: true,
          data: [detailsRow],
          pagination: { total: 1, per_page: 10, current_page: 1, last_page: 1, from: 1, to: 1 },
        });
      return json({ success: true, data: [] });
    });
  });
  afterEach(() => {
    setFetch(undefined);
    vi.restoreAllMocks();
  });

  it('report details open with the count they explain, in words', async () => {
    renderRoutes(
      routes,
      '/reports/report-details?from_date=2025-04-01&to_date=2026-03-31&gender=Male&where=category&value=restoration&where1=novalue&value1=novalue&centerId=2',
    );
    const scope = await screen.findByTestId('details-scope', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(scope).toHaveTextContent(
        'Children counted in: Restore · Male · Howrah Shelter · 01-04-2025 to 31-03-2026',
      ),
    );
    expect(await screen.findByText('Ramesh')).toBeInTheDocument();
  });

  it("on a phone each entry is a card headed by the child's name, without the record's timestamps", async () => {
    screenWidth(390);
    renderRoutes(
      routes,
      '/groupReports/report-details?where=category&value=restoration&where1=gender&value1=Male&isTotal=no&centerId=2&from_date=2025-04-01&to_date=2026-03-31',
    );
    const card = (await screen.findAllByTestId('data-row', {}, { timeout: 5000 }))[0]!;
    expect(card.textContent).toMatch(/^1\.Ramesh/);
    expect(within(card).getByText('SBT-HWH-002')).toBeInTheDocument();
    expect(card.querySelector('[data-card-field="created"]')).toBeNull();
    expect(card.querySelector('[data-card-field="updated"]')).toBeNull();
    expect(card.querySelector('[data-card-field="name"]')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('details-scope')).toHaveTextContent(
        'Children counted in: Restore · Male · Howrah Shelter · 01-04-2025 to 31-03-2026',
      ),
    );
  });

  it('the group report puts the previous balance after Total, apart and saying Total leaves it out; its chart counts actions', async () => {
    renderRoutes(routes, '/groupReports');
    const table = await screen.findByTestId('group-report-table', {}, { timeout: 5000 });
    const labels = within(table)
      .getAllByRole('row')
      .map((r) => r.getAttribute('data-row'))
      .filter(Boolean);
    expect(labels).toEqual(['Restore Total', 'Total', 'Previous balance']);
    const balance = table.querySelector('tr[data-row="Previous balance"]')!;
    expect(balance.querySelector('td')!.textContent).toBe('Previous balancenot included in Total');
    expect([...balance.querySelectorAll('td')].slice(1).map((td) => td.textContent)).toEqual(['50', '28', '78']);
    expect(screen.getByText('Actions recorded by center')).toBeInTheDocument();
    expect(screen.queryByText('Children served by center')).toBeNull();
  });
});
