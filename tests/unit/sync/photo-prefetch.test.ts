import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchChildPhotos } from '../../../sync/device/photo-prefetch';
import { adminUser, makeChild, seedChildren } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

/** Cache Storage as the browser keeps it, by absolute URL. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const abs = (u: RequestInfo | URL) =>
    new URL(typeof u === 'string' || u instanceof URL ? u : u.url, location.href).href;
  return {
    stores,
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        keys: async () => [...store.keys()].map((url) => ({ url })),
        match: async (u: RequestInfo) => store.get(abs(u))?.clone(),
        put: async (u: RequestInfo, response: Response) => void store.set(abs(u), response),
      };
    },
  };
}

describe('photos of every child are kept for offline work after a sync', () => {
  let caches: ReturnType<typeof fakeCaches>;
  const fetched = vi.fn(async () => new Response('png', { headers: { 'Content-Type': 'image/png' } }));
  beforeEach(async () => {
    await offlineDevice(adminUser);
    caches = fakeCaches();
    vi.stubGlobal('caches', caches);
    vi.stubGlobal('fetch', fetched);
    fetched.mockClear();
    await seedChildren([
      makeChild(1, { image: 'one.png' }),
      makeChild(2, { image: 'two.png' }),
      makeChild(3, { image: 'three.png', _deleted: 1 }),
      makeChild(4, { image: 'local-file:k1' }),
      makeChild(5, { image: null }),
    ]);
  });
  afterEach(() => {
    teardownDevice();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'storage');
  });

  it('fetches each photo not yet kept, with the token, once; a second run fetches nothing', async () => {
    expect(await prefetchChildPhotos('t-admin')).toBe(2);
    expect(fetched).toHaveBeenCalledTimes(2);
    const urls = (fetched.mock.calls as unknown as [string, RequestInit][]).map(([url]) => url).sort();
    expect(urls).toEqual(['/api/files/children/one.png', '/api/files/children/two.png']);
    expect((fetched.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toEqual({
      Authorization: 'Bearer t-admin',
    });
    expect([...caches.stores.values()][0]!.size).toBe(2);
    expect(await prefetchChildPhotos('t-admin')).toBe(0);
    expect(fetched).toHaveBeenCalledTimes(2);
  });

  it('stops at the storage budget', async () => {
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: async () => ({ usage: 200, quota: 1000 }) },
    });
    expect(await prefetchChildPhotos('t-admin', { budget: 100 })).toBe(0);
    expect(fetched).not.toHaveBeenCalled();
  });
});
