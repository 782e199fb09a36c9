import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { preloadScreens, routes } from '../../../src/app/router';
import { renderRoutes } from '../../render';
import { setFetch } from '../../../sync/net/transport';
import { connectivityStore, recordMissingExtensions } from '../../../sync';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';

/*
 * The medical lists on a server without our history and beneficiaries pull: registered
 * beneficiaries through POST /regusers_medical, the others through /non_regusers_medical
 * (spec part 2, section 7), kept on the device and opened offline.
 */

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const onePage = { total: 1, per_page: 10, current_page: 1, last_page: 1, from: 1, to: 1 };

function server() {
  const calls: string[] = [];
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname.replace(/^.*\/api/, '');
    calls.push(path);
    if (path === '/regusers_medical')
      return json({
        success: true,
        data: [{ id: 3, history_status: 'medical_issue', child_data: { name: 'Anil Das', uniqueId: 'SBT-3' } }],
        pagination: onePage,
      });
    if (path === '/non_regusers_medical')
      return json({ success: true, data: [{ id: 8, name: 'Meena Roy', gender: 'Female' }], pagination: onePage });
    return json({ success: true, data: [] });
  });
  return calls;
}

// The screens are lazy chunks: fetched (transformed) once here, not within a test's wait.
beforeAll(() => preloadScreens(), 120_000);

describe('education/medical/MHP lists without our pull', () => {
  beforeEach(async () => {
    await freshDeviceSignedInAs(adminUser);
    await recordMissingExtensions(['history', 'beneficiaries']);
  });
  afterEach(() => {
    setFetch(undefined);
    connectivityStore.setState({ online: true });
  });

  it('read regusers_* and non_regusers_* online and open the kept pages offline', async () => {
    connectivityStore.setState({ online: true });
    const calls = server();
    renderRoutes(routes, '/medical');
    expect(await screen.findByText('Anil Das', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('SBT-3')).toBeInTheDocument();
    expect(screen.getByTestId('fetched-at')).toHaveTextContent(/^fetched /);
    cleanup();
    renderRoutes(routes, '/medical?type=non-registered');
    expect(await screen.findByText('Meena Roy', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls).toEqual(expect.arrayContaining(['/regusers_medical', '/non_regusers_medical']));
    cleanup();

    connectivityStore.setState({ online: false });
    const offline = server();
    renderRoutes(routes, '/medical');
    expect(await screen.findByText('Anil Das', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('fetched-at')).toHaveTextContent(/^fetched /);
    expect(offline.filter((p) => p.includes('regusers'))).toEqual([]);
  });
});
