import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createApp } from '../../server/app';
import { COMPRESS_MIN_BYTES, compressAnswers, pickEncoding } from '../../server/core/compress';
import { createHarness, databaseKinds, type Harness } from './harness';
import { multipart, validChild } from './uploads';

/*
 * What crosses the wire (DESIGN.md, The wire): JSON answers over 1 KB, sync pages included,
 * go brotli or gzip as the client accepts; the app's files are sent from the copies the
 * build compressed, by content negotiation with Vary: Accept-Encoding; small answers,
 * uploads and already-compressed files go as they are.
 */

const decode = async (response: Response): Promise<Buffer> => {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes);
  if (encoding === 'gzip') return gunzipSync(bytes);
  return bytes;
};

describe('Accept-Encoding', () => {
  it('brotli before gzip; q=0 refuses; * accepts; nothing accepted is the body as it is', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });
});

describe.each(databaseKinds)('compressed answers (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await h.login('admin@demo.test');
  });
  afterAll(() => h?.close());

  // A first delta page of the children: what the first sync pulls (sync/SPEC.md).
  const deltaPage = (acceptEncoding?: string) =>
    h.request('/api/child-registrations?updated_since=1970-01-01T00:00:00.000Z&after_id=0', {
      method: 'POST',
      token: admin,
      json: {},
      headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
    });

  it('a delta page of /child-registrations goes brotli or gzip as accepted, and decodes to the plain answer', async () => {
    const plain = await deltaPage();
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    const plainBody = Buffer.from(await plain.arrayBuffer());
    expect(plainBody.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(JSON.parse(plainBody.toString()).sync).toBeDefined();

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await deltaPage(accept);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('content-length')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = await decode(response);
      expect(body.equals(plainBody)).toBe(true);
    }
  });

  it('a small answer goes as it is', async () => {
    const response = await h.request('/api/child_view/999999999', {
      token: admin,
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    const body = await response.text();
    expect(body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(body)).toHaveProperty('message');
  });

  it('an uploaded photo is sent as stored, never recompressed', async () => {
    // A PNG signature then 8 KB of zeros: it would shrink a lot, and still must not be touched.
    const bytes = new Uint8Array(8 * 1024);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const added = await h.request('/api/child_add', {
      method: 'POST',
      token: admin,
      body: multipart({ ...validChild, centerdetailId: 2, image: new File([bytes], 'big.png', { type: 'image/png' }) }),
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const { data } = (await added.json()) as { data: { image: string } };
    const photo = await h.request(`/api/files/children/${data.image}`, {
      token: admin,
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await photo.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("the app's files: the build's brotli or gzip copy by negotiation, with the file's own type", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'ashray-static-'));
    try {
      mkdirSync(path.join(dist, 'assets'));
      const script = Buffer.from(`export const screens = [${'"a screen of the app", '.repeat(400)}];\n`);
      const file = path.join(dist, 'assets', 'index-abc123.js');
      writeFileSync(file, script);
      writeFileSync(`${file}.br`, brotliCompressSync(script));
      writeFileSync(`${file}.gz`, gzipSync(script));
      const html = Buffer.from(`<!doctype html><html><body>${'<p>Ashray</p>'.repeat(200)}</body></html>`);
      writeFileSync(path.join(dist, 'index.html'), html); // no copies: the server compresses it
      writeFileSync(path.join(dist, 'tiny.js'), 'export {};\n');
      const app = createApp({ db: h.db, fileStore: h.files, logError: () => {}, staticDir: dist });
      const get = (url: string, acceptEncoding?: string) =>
        Promise.resolve(app.request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }));

      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        [undefined, null],
      ] as const) {
        const response = await get('/assets/index-abc123.js', accept);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(encoding);
        expect(response.headers.get('vary')).toBe('Accept-Encoding');
        expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect((await decode(response)).equals(script)).toBe(true);
      }

      // A client route falls back to index.html, compressed on the fly.
      const page = await get('/child-registration', 'br');
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-encoding')).toBe('br');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect((await decode(page)).equals(html)).toBe(true);

      const tiny = await get('/tiny.js', 'br, gzip');
      expect(tiny.headers.get('content-encoding')).toBeNull();
      expect(await tiny.text()).toBe('export {};\n');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('a streamed answer', () => {
  it('is compressed as it comes, and decodes to what was streamed', async () => {
    const app = new Hono();
    app.use('*', compressAnswers);
    const lines = Array.from({ length: 2000 }, (_, i) => `{"id":${i},"name":"child ${i}"}\n`);
    app.get('/stream', () => {
      let i = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (i === lines.length) controller.close();
          else controller.enqueue(new TextEncoder().encode(lines[i++]));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson+json' } });
    });
    app.get('/short-stream', () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"ok":'));
          controller.enqueue(new TextEncoder().encode('true}'));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    });

    const streamed = await app.request('/stream', { headers: { 'Accept-Encoding': 'br' } });
    expect(streamed.headers.get('content-encoding')).toBe('br');
    expect((await decode(streamed)).toString()).toBe(lines.join(''));

    const short = await app.request('/short-stream', { headers: { 'Accept-Encoding': 'br' } });
    expect(short.headers.get('content-encoding')).toBeNull();
    expect(await short.text()).toBe('{"ok":true}');
  });
});
