import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { connectivityStore, recordMissingExtensions } from '../../../sync';
import { setFetch } from '../../../sync/net/transport';
import { currentDb } from '../../../sync/device/session';
import { renderRoutes } from '../../render';
import { ChildProfileRoute } from '../../../src/routes/child-profile';
import { adminUser, freshDeviceSignedInAs, makeChild, seedChildren } from './factories';

/*
 * The profile of a child on a server without our bulk history (spec part 1 section 7, the
 * per-child reads): opened online it reads the child's records and says when they came;
 * opened offline it shows what was kept and asks nothing.
 */

const child = makeChild(41);

/** A trust backend: education_lists/41 lists one entry, the other per-child reads nothing. */
function trustServer() {
  const asked: string[] = [];
  setFetch(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.pathname);
    const data = url.pathname === '/api/education_lists/41' ? [{ id: 77, comment: 'from the trust' }] : [];
    return new Response(JSON.stringify({ success: true, data }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return asked;
}

const openProfile = () =>
  renderRoutes(
    [{ path: '/child-registration/profile', element: <ChildProfileRoute /> }],
    '/child-registration/profile?child=41&mode=view',
  );

describe("a child's history read per child from a backend without /history", () => {
  afterEach(() => {
    setFetch(undefined);
    connectivityStore.setState({ online: true });
  });

  it('online: the profile reads it, keeps it and says when it came; offline it opens with what was kept', async () => {
    await freshDeviceSignedInAs(adminUser);
    await seedChildren([child]);
    await recordMissingExtensions(['history']);
    connectivityStore.setState({ online: true });
    const asked = trustServer();
    const view = openProfile();
    expect(await screen.findByText(/History fetched from the server/)).toBeTruthy();
    expect(asked).toContain('/api/education_lists/41');
    expect(asked).not.toContain('/api/history');
    expect(await currentDb().entity('history').get('s77')).toMatchObject({
      childregId: 41,
      history_status: 'education',
      comment: 'from the trust',
    });
    view.unmount();

    connectivityStore.setState({ online: false });
    asked.length = 0;
    openProfile();
    expect(await screen.findByText(/History fetched from the server/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(asked).toEqual([]);
  });

  it('a server with our extensions: nothing is asked per child and no such line shows', async () => {
    await freshDeviceSignedInAs(adminUser);
    await seedChildren([child]);
    connectivityStore.setState({ online: true });
    const asked = trustServer();
    openProfile();
    await screen.findByText('View Profile');
    await waitFor(() => expect(screen.queryByText(/History fetched/)).toBeNull());
    await new Promise((r) => setTimeout(r, 100));
    expect(asked.filter((p) => /\/(listing|education_lists|activitylogs|documents_lists)\//.test(p))).toEqual([]);
  });
});
