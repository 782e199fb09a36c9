import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { preloadScreens, routes } from '../../../src/app/router';
import { renderRoutes } from '../../render';
import { setFetch } from '../../../sync/net/transport';
import { connectivityStore, deviceHoldsHistory, recordMissingExtensions } from '../../../sync';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';

/*
 * A server without our history pull (the pull recorded 'history' as missing): the exit
 * list asks POST /restore_exit_list/{status} (spec part 2, section 7) online, keeps the
 * page, and opens it offline with when it was fetched.
 */

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A row as the spec lists them: child_data, center_data, user_data_history, history_status, exit_type. */
const specRow = {
  id: 41,
  childregId: 5,
  history_status: 'run_away',
  transfer_date: '2025-06-01',
  child_data: { name: 'Sonu Kumar', uniqueId: 'SBT-5', aadharno: null, cwccaseno: 'CWC/5' },
  center_data: { name: 'Howrah Shelter' },
  user_data_history: { name: 'Staff' },
  exit_type: null,
  created_at: '2025-06-01T10:00:00Z',
  updated_at: '2025-06-01T10:00:00Z',
};

function server() {
  const calls: { path: string; body: unknown }[] = [];
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^.*\/api/, '');
    const text = await request.text();
    calls.push({ path, body: text ? JSON.parse(text) : null });
    if (path === '/restore_exit_list/run_away')
      return json({
        success: true,
        data: [specRow],
        pagination: { total: 1, per_page: 10, current_page: 1, last_page: 1, from: 1, to: 1 },
      });
    return json({ success: true, data: [] });
  });
  return calls;
}

// The screens are lazy chunks: fetched (transformed) once here, not within a test's wait.
beforeAll(() => preloadScreens(), 120_000);

describe('an exit list on a server without our history pull', () => {
  beforeEach(async () => {
    await freshDeviceSignedInAs(adminUser);
    await recordMissingExtensions(['history']);
  });
  afterEach(() => {
    setFetch(undefined);
    connectivityStore.setState({ online: true });
  });

  it('reads the documented call online, then opens the kept page offline with when it was fetched', async () => {
    expect(await deviceHoldsHistory()).toBe(false);
    connectivityStore.setState({ online: true });
    const calls = server();
    renderRoutes(routes, '/run-away');
    expect(await screen.findByText('Sonu Kumar', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('fetched-at')).toHaveTextContent(/^fetched /);
    expect(calls.filter((c) => c.path === '/restore_exit_list/run_away')).toHaveLength(1);
    cleanup();

    connectivityStore.setState({ online: false });
    const offline = server();
    renderRoutes(routes, '/run-away');
    expect(await screen.findByText('Sonu Kumar', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('fetched-at')).toHaveTextContent(/^fetched /);
    expect(offline.filter((c) => c.path.startsWith('/restore_exit_list'))).toEqual([]);
  });

  it('with our server (history on the device) the list reads the device and asks nothing', async () => {
    await recordMissingExtensions([]);
    connectivityStore.setState({ online: true });
    const calls = server();
    renderRoutes(routes, '/run-away');
    expect(await screen.findByText('No Records Found!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('fetched-at')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/restore_exit_list'))).toEqual([]);
  });
});
