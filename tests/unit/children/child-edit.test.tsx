import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { connectivityStore } from '../../../sync';
import { setFetch } from '../../../sync/net/transport';
import { currentDb } from '../../../sync/device/session';
import { ChildProfilePage } from '../../../src/features/children';
import { adminUser, makeChild, seedChildren } from './factories';
import { offlineDevice, renderChildrenAt, teardownDevice } from './helpers';

/*
 * Edit Profile opens with the server's values when GET /child_edit/{id} (spec part 1
 * section 7) answers a newer record; offline it opens from the device at once.
 */

const editProfile = (id: number) =>
  renderChildrenAt(`/child-registration/profile?child=${id}&mode=edit`, <ChildProfilePage />);

describe('the child edit form asks the server when it opens online', () => {
  afterEach(() => {
    connectivityStore.setState({ online: true });
    teardownDevice();
  });

  it('a newer record on the server is what the form shows, and the device keeps it', async () => {
    await offlineDevice(adminUser);
    const child = makeChild(7, { name: 'Asha' });
    await seedChildren([child]);
    const asked: string[] = [];
    setFetch(async (input, init) => {
      const request = new Request(input, init);
      asked.push(`${request.method} ${new URL(request.url).pathname}`);
      if (new URL(request.url).pathname !== '/api/child_edit/7') throw new TypeError('Failed to fetch');
      const record = {
        ...(child._base as Record<string, unknown>),
        name: 'Asha Kumari',
        updated_at: '2025-06-01T00:00:00.000Z',
      };
      return new Response(JSON.stringify({ success: true, data: record }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    editProfile(7);
    expect(await screen.findByDisplayValue('Asha Kumari', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(asked).toContain('GET /api/child_edit/7');
    expect((await currentDb().entity('children').get(child.cid))!.name).toBe('Asha Kumari');
  });

  it('offline the form opens from the device without asking', async () => {
    await offlineDevice(adminUser);
    await seedChildren([makeChild(8, { name: 'Ravi' })]);
    const asked: string[] = [];
    setFetch(async (input, init) => {
      asked.push(new Request(input, init).url);
      throw new TypeError('Failed to fetch');
    });
    act(() => connectivityStore.setState({ online: false }));
    editProfile(8);
    expect(await screen.findByDisplayValue('Ravi')).toBeInTheDocument();
    expect(asked.filter((url) => url.includes('child_edit'))).toEqual([]);
  });
});
