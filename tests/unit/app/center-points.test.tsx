import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { connectivityStore } from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { setFetch } from '../../../sync/net/transport';
import { useCenterPointSelect } from '../../../src/lib/use-lookups';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A server that answers GET /centers_points only, and the paths it was asked. */
function pointsServer() {
  const calls: string[] = [];
  setFetch(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url.pathname);
    if (!url.pathname.endsWith('/centers_points')) throw new TypeError('Failed to fetch');
    return json({ success: true, data: [{ centertypeId: 7, centername: 'Drop-in Center' }] });
  });
  return calls;
}

// Spec part 1: the Add/Edit Center screen's "Center (a choice from center points)";
// "GET /centers_points | center types (centertypeId, centername)".
describe("the center form's Center select offers /centers_points", () => {
  afterEach(() => {
    setFetch(undefined);
    connectivityStore.setState({ online: true });
  });

  it('online: asks /centers_points and offers its centername by centertypeId, kept for offline', async () => {
    await freshDeviceSignedInAs(adminUser);
    connectivityStore.setState({ online: true });
    const calls = pointsServer();
    const { result } = renderHook(() => useCenterPointSelect());
    await waitFor(() => expect(result.current).toEqual([{ value: '7', label: 'Drop-in Center' }]));
    expect(calls).toContain('/api/centers_points');
    expect((await currentDb().lookups.get('centers_points'))?.data).toEqual([
      { centertypeId: 7, centername: 'Drop-in Center' },
    ]);
  });

  it('offline: the points kept on the device, nothing asked', async () => {
    await freshDeviceSignedInAs(adminUser);
    await currentDb().lookups.put({
      key: 'centers_points',
      data: [{ centertypeId: 2, centername: 'Open Shelter' }],
      pulledAt: 0,
    });
    connectivityStore.setState({ online: false });
    const calls = pointsServer();
    const { result } = renderHook(() => useCenterPointSelect());
    await waitFor(() => expect(result.current).toEqual([{ value: '2', label: 'Open Shelter' }]));
    expect(calls).toEqual([]);
  });

  it('offline before any answer: the four center types the spec names', async () => {
    await freshDeviceSignedInAs(adminUser);
    connectivityStore.setState({ online: false });
    pointsServer();
    const { result } = renderHook(() => useCenterPointSelect());
    await waitFor(() =>
      expect(result.current.map((o) => o.label)).toEqual(['Contact Point', 'Open Shelter', 'Home', 'Child Help Line']),
    );
  });
});
