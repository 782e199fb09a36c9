import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { preloadScreens, routes } from '../../../src/app/router';
import { renderRoutes } from '../../render';
import { setFetch } from '../../../sync/net/transport';
import { connectivityStore } from '../../../sync';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';

/*
 * Reports against a backend that answers as spec part 2 section 3 shows: no `categories`,
 * no `till_to`, its own search_1/search_2 per cell; details carry what the count carried
 * (section 4) and group details the previous period's years (section 7).
 */

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const cell = (gender: 'Male' | 'Female', countgender: number, search_1: string, search_2: string) => ({
  gender,
  countgender,
  search_1,
  search_2,
});

/** The reports answer written from spec part 2 section 3, nothing of ours added. */
const specReport = {
  restoration: {
    new: [cell('Male', 3, 'history_status', 'restoration'), cell('Female', 1, 'history_status', 'restoration')],
    pre: [cell('Male', 2, 'history_status', 'restoration'), cell('Female', 0, 'history_status', 'restoration')],
    till: [cell('Male', 0, 'history_status', 'restoration'), cell('Female', 5, 'history_status', 'restoration')],
  },
  social_work: {
    new: [cell('Male', 0, 'history_status', 'medical_issue'), cell('Female', 4, 'history_status', 'medical_issue')],
    pre: [cell('Male', 0, 'history_status', 'medical_issue'), cell('Female', 0, 'history_status', 'medical_issue')],
    till: [cell('Male', 0, 'history_status', 'medical_issue'), cell('Female', 0, 'history_status', 'medical_issue')],
  },
  previousyeardata: { male: 1, female: 2, countgender: 3 },
  start_year: 2025,
  end_year: 2026,
  pre_start_year: 2024,
  pre_end_year: 2025,
  center_name: null,
  from_date: '2025-04-01',
  to_date: '2026-03-31',
  centerId: null,
  from_last: '2024-04-01',
  to_last: '2025-03-31',
};

/** The groupReport2 answer written from the spec: per-center entries {total, centerId, searchParams}. */
const searchParams = (centerId: number | string) => ({ where: 'history_status', value: 'restoration', centerId });
const specGroupReport = {
  AllCenterList: [
    { id: 2, name: 'Howrah Shelter' },
    { id: 3, name: 'Sealdah Contact Point' },
  ],
  restoration: [
    { total: 6, centerId: 2, searchParams: searchParams(2) },
    { total: 0, centerId: 3, searchParams: searchParams(3) },
    { total: 6, centerId: 'total', searchParams: searchParams('total') },
  ],
  totalsum: [
    { total: 6, centerId: 2, searchParams: {} },
    { total: 0, centerId: 3, searchParams: {} },
    { total: 6, centerId: 'total', searchParams: {} },
  ],
  previous_balance: [
    { total: 1, centerId: 2, searchParams: {} },
    { total: 0, centerId: 3, searchParams: {} },
    { total: 1, centerId: 'total', searchParams: {} },
  ],
  date_range: { from_date: '2025-04-01', to_date: '2026-03-31' },
};

const detailsRow = {
  id: 9,
  name: 'Ramesh',
  uniqueId: 'SBT-9',
  history_status: 'restoration',
  gender: 'Male',
  transfer_date: '2025-05-02',
  center_data: { name: 'Howrah Shelter', unique_centerId: 'HW-1' },
};

/** A backend answering the report calls as the spec shows; every other call gets an empty list. */
function specServer() {
  const bodies: Record<string, Record<string, unknown>> = {};
  setFetch(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = url.pathname.replace(/^.*\/api/, '');
    const raw = input instanceof Request ? await input.text() : init?.body;
    if (typeof raw === 'string' && raw) bodies[path] = JSON.parse(raw) as Record<string, unknown>;
    if (path === '/reports') return json({ success: true, data: specReport });
    if (path === '/group_report2') return json({ success: true, data: specGroupReport });
    if (path === '/single_report' || path === '/group_single_report')
      return json({
        success: true,
        data: [detailsRow],
        pagination: { total: 1, per_page: 10, current_page: 1, last_page: 1, from: 1, to: 1 },
      });
    return json({ success: true, data: [] });
  });
  return bodies;
}

// The screens are lazy chunks: fetched (transformed) once here, not within a test's wait.
beforeAll(() => preloadScreens(), 120_000);

describe('reports render the answers the spec shows', () => {
  beforeEach(async () => {
    await freshDeviceSignedInAs(adminUser);
    connectivityStore.setState({ online: true });
  });
  afterEach(() => setFetch(undefined));

  it('/reports shows the same table from a spec-shaped answer, and a count asks its details by search_1/search_2', async () => {
    const bodies = specServer();
    const { router } = renderRoutes(routes, '/reports');
    const table = await screen.findByTestId('report-table', {}, { timeout: 5000 });
    expect(within(table).getByText('Restore')).toBeInTheDocument();
    // A category the contract does not know reads as its key with underscores turned into spaces.
    expect(within(table).getByText('social work')).toBeInTheDocument();
    // Earlier years end the day before the previous period when the answer has no till_to.
    expect(within(table).getByText(/^Earlier years \(up to 31.03.2024\)$/)).toBeInTheDocument();
    const restore = within(table).getByText('Restore').closest('tr')!;
    await userEvent.setup().click(within(restore).getByRole('button', { name: '2 Male' }));
    await waitFor(() => expect(bodies['/single_report']).toBeDefined());
    expect(bodies['/single_report']).toMatchObject({
      from_date: '2024-04-01',
      to_date: '2025-03-31',
      gender: 'Male',
      where: 'history_status',
      value: 'restoration',
      where1: 'novalue',
      value1: 'novalue',
    });
    expect(router.state.location.pathname).toBe('/reports/report-details');
    expect(await screen.findByText('Ramesh')).toBeInTheDocument();
  });

  it('/groupReports shows a spec-shaped answer, and a count sends its searchParams and the previous years', async () => {
    const bodies = specServer();
    renderRoutes(routes, '/groupReports');
    expect(await screen.findByText('Howrah Shelter', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Restore Total')).toBeInTheDocument();
    await userEvent.setup().click((await screen.findAllByRole('button', { name: '6' }))[0]!);
    await waitFor(() => expect(bodies['/group_single_report']).toBeDefined());
    expect(bodies['/group_single_report']).toMatchObject({
      where: 'history_status',
      value: 'restoration',
      centerId: 2,
      from_date: '2025-04-01',
      to_date: '2026-03-31',
      pre_start_year: '2024',
      pre_end_year: '2025',
    });
    expect(await screen.findByText('Ramesh')).toBeInTheDocument();
  });
});
