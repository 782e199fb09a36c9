import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import { preloadScreens, routes } from '../../../src/app/router';
import { renderRoutes } from '../../render';
import { setFetch } from '../../../sync/net/transport';
import { connectivityStore, recordMissingExtensions } from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { useMealCenterSelect } from '../../../src/lib/use-lookups';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';

/*
 * The meal calls of spec part 2 section 7: Our Services (/meals-management, the read-only
 * meal list) reads GET /meal_list when the device does not hold the meals, and the meal
 * screens' center select offers GET /meal_centers.
 */

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function server() {
  const calls: string[] = [];
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^.*\/api/, '');
    calls.push(path);
    if (path === '/meal_list')
      return json({
        success: true,
        data: [
          {
            id: 4,
            center_id: 2,
            meal_date: '2025-07-01',
            child_count: 37,
            meal_type: 2,
            center_data: { name: 'Howrah Shelter' },
          },
        ],
        pagination: { total: 1, per_page: 10, current_page: 1, last_page: 1, from: 1, to: 1 },
      });
    if (path === '/meal_centers') return json({ success: true, data: [{ id: 2, name: 'Howrah Shelter' }] });
    if (path === '/centers_list')
      return json({
        success: true,
        data: [
          { id: 2, name: 'Howrah Shelter' },
          { id: 3, name: 'Sealdah Contact Point' },
        ],
      });
    return json({ success: true, data: [] });
  });
  return calls;
}

// The screens are lazy chunks: fetched (transformed) once here, not within a test's wait.
beforeAll(() => preloadScreens(), 120_000);

describe('the meal calls', () => {
  beforeEach(async () => {
    await freshDeviceSignedInAs(adminUser);
  });
  afterEach(() => {
    setFetch(undefined);
    connectivityStore.setState({ online: true });
  });

  it('Our Services reads /meal_list when the device holds no meals, and opens it offline', async () => {
    await recordMissingExtensions(['meals']);
    connectivityStore.setState({ online: true });
    const calls = server();
    renderRoutes(routes, '/meals-management');
    expect(await screen.findByText('37', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('fetched-at')).toHaveTextContent(/^fetched /);
    expect(calls).toContain('/meal_list');
    cleanup();

    connectivityStore.setState({ online: false });
    const offline = server();
    renderRoutes(routes, '/meals-management');
    expect(await screen.findByText('37', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(offline).not.toContain('/meal_list');
  });

  it('with the meals on the device, Our Services asks no /meal_list', async () => {
    connectivityStore.setState({ online: true });
    const calls = server();
    renderRoutes(routes, '/meals-management');
    expect(await screen.findByText('No Records Found!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls).not.toContain('/meal_list');
  });

  it('the meal center select offers /meal_centers, kept for offline', async () => {
    connectivityStore.setState({ online: true });
    server();
    const { result } = renderHook(() => useMealCenterSelect());
    await waitFor(() => expect(result.current).toEqual([{ value: '2', label: 'Howrah Shelter' }]));
    expect((await currentDb().lookups.get('meal_centers'))?.data).toEqual([{ id: 2, name: 'Howrah Shelter' }]);
  });
});
