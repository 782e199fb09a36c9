// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createTransport } from '../../../sync/net/transport';
import { SyncError } from '../../../sync/net/errors';

/*
 * The bodies the transport sends (DESIGN.md, The wire): a multipart body reaches fetch
 * whole, with its boundary and the headers of every request, though it travels past ky
 * (transport.ts says why); a JSON body and a body-less request are as ky makes them.
 */

/** A server that notes each request as it arrived and answers success. */
function recordingServer() {
  const seen: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input as Request, init);
    seen.push(request);
    return new Response(JSON.stringify({ success: true, data: { id: 7 }, message: 'Saved' }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const transport = createTransport({
    baseUrl: () => 'http://ashray.test/api/',
    token: () => 'secret-token',
    fetch: fetch as typeof globalThis.fetch,
  });
  return { seen, transport };
}

describe('request bodies', () => {
  it('a multipart body arrives whole, with its boundary, its file and the headers of every request', async () => {
    const { seen, transport } = recordingServer();
    const form = new FormData();
    form.append('name', 'Asha');
    form.append('image', new Blob(['photo-bytes'], { type: 'image/jpeg' }), 'asha.jpg');
    const answer = await transport.request('POST', '/child_add', {
      body: form,
      headers: { 'Idempotency-Key': 'key-1' },
    });
    expect(answer).toMatchObject({ success: true, data: { id: 7 } });
    const [request] = seen;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/child_add');
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get('authorization')).toBe('Bearer secret-token');
    expect(request.headers.get('idempotency-key')).toBe('key-1');
    const sent = await request.formData();
    expect(sent.get('name')).toBe('Asha');
    const image = sent.get('image') as File;
    expect(image.name).toBe('asha.jpg');
    expect(await image.text()).toBe('photo-bytes');
  });

  it('a JSON body and a request without one go as before', async () => {
    const { seen, transport } = recordingServer();
    await transport.request('POST', '/meal_add', { json: { meal_type: 'Lunch' } });
    await transport.request('GET', '/children');
    expect(seen[0].headers.get('content-type')).toBe('application/json');
    expect(await seen[0].json()).toEqual({ meal_type: 'Lunch' });
    expect(seen[1].method).toBe('GET');
    expect(seen[1].body).toBeNull();
  });

  it('a multipart request that meets no server fails as no answer, the body kept by the caller', async () => {
    const transport = createTransport({
      baseUrl: () => 'http://ashray.test/api/',
      token: () => 't',
      fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch,
    });
    const form = new FormData();
    form.append('name', 'Asha');
    const error = await transport.request('POST', '/child_add', { body: form }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncError);
    expect((error as SyncError).reason).toBe('network');
    expect(form.get('name')).toBe('Asha');
  });
});
