import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cachedPhoto,
  clearPhotoCaches,
  dropClearPhotos,
  photoCacheName,
  sealedAddress,
} from '../../../sync/device/photo-cache';
import { dropDataKey, newDataKey, setDataKey } from '../../../sync/db/seal';

/** Cache Storage as the browser has it, in memory (jsdom has none). */
class MemoryCaches {
  readonly stores = new Map<string, Map<string, Response>>();
  async open(name: string) {
    const store = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, store);
    return {
      match: async (url: string) => store.get(url)?.clone(),
      put: async (url: string, response: Response) => void store.set(url, response),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (request: Request) => store.delete(request.url),
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
const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
const key = newDataKey();

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
    setDataKey(key);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    dropDataKey();
  });

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
    expect([...memory.stores.get(photoCacheName('ashray-u1'))!.keys()]).toEqual([await sealedAddress(URL_A, key)]);
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

  it('keeps the bytes sealed under the data key and the file under a keyed hash of its name (DESIGN: Security on the device)', async () => {
    await cachedPhoto(URL_A, 'ashray-u1', 'token-1');
    const store = memory.stores.get(photoCacheName('ashray-u1'))!;
    const [[address, response]] = [...store.entries()];
    expect(address).not.toContain('a.png');
    expect(address).toMatch(/^http:\/\/localhost\/sealed-file\/[0-9a-f]{64}$/);
    const kept = new Uint8Array(await response!.clone().arrayBuffer());
    expect(kept.length).toBe(bytes.length + 24 + 16);
    expect(Buffer.from(kept).includes(Buffer.from(bytes.subarray(0, 8)))).toBe(false);

    // Another key (another user's database, or a key made again) neither finds nor opens it.
    setDataKey(newDataKey());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await cachedPhoto(URL_A, 'ashray-u1', 'token-1')).toBeNull();
  });

  it('locked, nothing is read from the cache, fetched or kept', async () => {
    await cachedPhoto(URL_A, 'ashray-u1', 'token-1');
    dropDataKey();
    expect(await cachedPhoto(URL_A, 'ashray-u1', 'token-1')).toBeNull();
    expect(await cachedPhoto('http://localhost/api/files/children/b.png', 'ashray-u1', 'token-1')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(memory.stores.get(photoCacheName('ashray-u1'))!.size).toBe(1);
  });

  it('a photo kept in clear before sealing is dropped, and kept sealed when fetched again', async () => {
    const cache = await memory.open(photoCacheName('ashray-u1'));
    await cache.put(URL_A, new Response(bytes));
    await dropClearPhotos('ashray-u1');
    expect(memory.stores.get(photoCacheName('ashray-u1'))!.size).toBe(0);
    const again = await cachedPhoto(URL_A, 'ashray-u1', 'token-1');
    expect(new Uint8Array(await again!.arrayBuffer())).toEqual(bytes);
    expect([...memory.stores.get(photoCacheName('ashray-u1'))!.keys()]).toEqual([await sealedAddress(URL_A, key)]);
  });
});
