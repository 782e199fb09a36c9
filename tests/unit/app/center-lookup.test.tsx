import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { connectivityStore } from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { setFetch } from '../../../sync/net/transport';
import { useCenterSelect } from '../../../src/lib/use-lookups';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A server that answers GET /centers_list only, and the paths it was asked. */
function centersServer() {
  const calls: string[] = [];
  setFetch(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url.pathname);
    if (!url.pathname.endsWith('/centers_list')) throw new TypeError('Failed to fetch');
    return json({ success: true, data: [{ id: 7, name: 'Sealdah Contact Point' }] });
  });
  return calls;
}

describe('a screen with a center select', () => {
  afterEach(() => {
    setFetch(undefined);
    connectivityStore.setState({ online: true });
  });

  it('asks the server for the centers when the device has none, and keeps them for offline use', async () => {
    await freshDeviceSignedInAs(adminUser);
    connectivityStore.setState({ online: true });
    const calls = centersServer();
    const { result } = renderHook(() => useCenterSelect());
    await waitFor(() => expect(result.current).toEqual([{ value: '7', label: 'Sealdah Contact Point' }]));
    expect(calls.filter((p) => p.endsWith('/centers_list'))).toHaveLength(1);
    expect((await currentDb().lookups.get('centers_list'))?.data).toEqual([{ id: 7, name: 'Sealdah Contact Point' }]);
  });

  it('offline it reads the device and asks nothing', async () => {
    await freshDeviceSignedInAs(adminUser);
    await currentDb().lookups.put({ key: 'centers_list', data: [{ id: 2, name: 'Howrah Shelter' }], pulledAt: 0 });
    connectivityStore.setState({ online: false });
    const calls = centersServer();
    const { result } = renderHook(() => useCenterSelect());
    await waitFor(() => expect(result.current).toEqual([{ value: '2', label: 'Howrah Shelter' }]));
    expect(calls).toEqual([]);
  });
});
