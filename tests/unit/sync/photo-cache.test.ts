import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedPhoto, clearPhotoCaches, photoCacheName } from '../../../sync/device/photo-cache';

/** Cache Storage as the browser has it, in memory (jsdom has none). */
class MemoryCaches {
  readonly stores = new Map<string, Map<string, Response>>();
  async open(name: string) {
    const store = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, store);
    return {
      match: async (url: string) => store.get(url)?.clone(),
      put: async (url: string, response: Response) => void store.set(url, response),
    };
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
}

const URL_A = 'http://localhost/api/files/children/a.png';
const bytes = new Uint8Array([137, 80, 78, 71]);

describe('child photos kept for offline (DESIGN: a photo cache the logout clears)', () => {
  let memory: MemoryCaches;
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    memory = new MemoryCaches();
    fetchMock = vi.fn(
      async () =>
        new Response(bytes, { status: 200, headers: { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' } }),
    );
    vi.stubGlobal('caches', memory);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches with the bearer token once, then serves the kept bytes with the network off', async () => {
    const first = await cachedPhoto(URL_A, 'ashray-u1', 'token-1');
    expect(new Uint8Array(await first!.arrayBuffer())).toEqual(bytes);
    expect(fetchMock).toHaveBeenCalledWith(URL_A, { headers: { Authorization: 'Bearer token-1' } });

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await cachedPhoto(URL_A, 'ashray-u1', 'token-1');
    expect(new Uint8Array(await offline!.arrayBuffer())).toEqual(bytes);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("is kept per user: another user's database never reads it", async () => {
    await cachedPhoto(URL_A, 'ashray-u1', 'token-1');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await cachedPhoto(URL_A, 'ashray-u2', 'token-2')).toBeNull();
    expect([...memory.stores.get(photoCacheName('ashray-u1'))!.keys()]).toEqual([URL_A]);
  });

  it('keeps nothing the server refused', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Record not found."}', { status: 404 }));
    expect(await cachedPhoto(URL_A, 'ashray-u1', 'token-1')).toBeNull();
    expect(memory.stores.get(photoCacheName('ashray-u1'))?.size ?? 0).toBe(0);
  });

  it("sign-out's clear deletes every photo cache and nothing else", async () => {
    await cachedPhoto(URL_A, 'ashray-u1', 'token-1');
    await cachedPhoto(URL_A, 'ashray-u2', 'token-2');
    await memory.open('workbox-precache-v2');
    await clearPhotoCaches();
    expect(await memory.keys()).toEqual(['workbox-precache-v2']);
  });
});
