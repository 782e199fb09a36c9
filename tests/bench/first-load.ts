/*
 * BENCH_ONLY=load: what the first visit and the first sync cost on the wire.
 *  - /login first load, JS + CSS gzip, from the build's manifest (goal ≤ 200 KB);
 *  - the same load in a fresh headless Chromium (no cache, no service worker yet): the bytes
 *    that actually crossed the network for its scripts and styles, Chromium's encoded bytes
 *    from the DevTools protocol (goal ≤ 220 KB);
 *  - a 500-child delta page of /child-registrations, and the first sync of the children and
 *    their history at bench size, as sent (brotli) against their plain JSON (goal ≤ 0.2×).
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { bundleReport, kb, sum } from './bundle';
import { atMost, benchRow, ratioAtMost } from './table';

const FIRST_LOAD_GZIP_GOAL = 200 * 1024;
const FIRST_LOAD_WIRE_GOAL = 220 * 1024;
/** A compressed JSON page is judged against its plain size (47 KB gzip for 503 KB was measured before). */
const WIRE_RATIO_GOAL = 0.2;

type Wire = { status: number; wire: number; plain: number; encoding: string | null; body: string };

/** A raw HTTP request (no client-side decoding), so the bytes on the wire can be counted. */
function rawRequest(url: string, init: { method: string; token: string; acceptEncoding?: string }): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method,
        headers: {
          Authorization: `Bearer ${init.token}`,
          'Content-Type': 'application/json',
          ...(init.acceptEncoding ? { 'Accept-Encoding': init.acceptEncoding } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = (res.headers['content-encoding'] as string | undefined) ?? null;
          const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({
            status: res.statusCode ?? 0,
            wire: raw.length,
            plain: body.length,
            encoding,
            body: body.toString(),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(init.method === 'POST' ? '{}' : undefined);
  });
}

type Cursor = { updated_since: string; after_id: number; after_change?: string };

/** Every delta page of a collection from the epoch, as the first sync asks them; wire and plain bytes summed. */
async function firstSyncOf(url: string, token: string, path: string, method: 'GET' | 'POST') {
  let cursor: Cursor | null = { updated_since: '1970-01-01T00:00:00.000Z', after_id: 0 };
  let wire = 0;
  let plain = 0;
  let pages = 0;
  let rows = 0;
  while (cursor) {
    const query = new URLSearchParams({ ...cursor, after_id: String(cursor.after_id), per_page: '500', page: '1' });
    const page = await rawRequest(`${url}/api${path}?${query}`, { method, token, acceptEncoding: 'gzip, deflate, br' });
    if (page.status !== 200) throw new Error(`${path}: ${page.status} ${page.body.slice(0, 200)}`);
    const envelope = JSON.parse(page.body) as { data: unknown[]; sync?: { next: Cursor | null } };
    wire += page.wire;
    plain += page.plain;
    pages += 1;
    rows += envelope.data.length;
    cursor = envelope.sync?.next ?? null;
  }
  return { wire, plain, pages, rows };
}

export async function benchFirstLoad(url: string, token: string): Promise<void> {
  const { firstLoad } = bundleReport('dist');
  const gzip = sum(firstLoad, 'gzip');
  benchRow(
    `/login first load, JS + CSS gzip (${firstLoad.length} files, npm run bundle-report)`,
    kb(gzip),
    atMost(Math.round(gzip / 1024), FIRST_LOAD_GZIP_GOAL / 1024, 'KB'),
  );

  // A fresh browser: nothing cached and no service worker yet, as a first visit.
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const types = new Map<string, string>();
    let scriptsAndStyles = 0;
    let everything = 0;
    let files = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      everything += e.encodedDataLength;
      const type = types.get(e.requestId);
      if (type === 'Script' || type === 'Stylesheet') {
        scriptsAndStyles += e.encodedDataLength;
        files += 1;
      }
    });
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').waitFor();
    benchRow(
      `/login first load on the wire, JS + CSS (Chromium's encoded bytes, ${files} files; the whole page ${kb(everything)})`,
      kb(scriptsAndStyles),
      atMost(Math.round(scriptsAndStyles / 1024), FIRST_LOAD_WIRE_GOAL / 1024, 'KB'),
    );
  } finally {
    await browser.close();
  }

  const one = await rawRequest(
    `${url}/api/child-registrations?updated_since=1970-01-01T00:00:00.000Z&after_id=0&per_page=500&page=1`,
    { method: 'POST', token, acceptEncoding: 'gzip, deflate, br' },
  );
  benchRow(
    `a 500-child delta page of /child-registrations on the wire (${one.encoding ?? 'not compressed'})`,
    `${kb(one.wire)} for ${kb(one.plain)} of JSON`,
    ratioAtMost(one.wire / one.plain, WIRE_RATIO_GOAL),
  );

  const started = performance.now();
  const childPages = await firstSyncOf(url, token, '/child-registrations', 'POST');
  const historyPages = await firstSyncOf(url, token, '/history', 'GET');
  const wire = childPages.wire + historyPages.wire;
  const plain = childPages.plain + historyPages.plain;
  benchRow(
    `first sync of ${childPages.rows} children and ${historyPages.rows} history rows on the wire (${childPages.pages + historyPages.pages} pages, ${Math.round(performance.now() - started)} ms)`,
    `${kb(wire)} for ${kb(plain)} of JSON`,
    ratioAtMost(wire / plain, WIRE_RATIO_GOAL),
  );
}
