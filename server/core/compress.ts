import { Duplex } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { createMiddleware } from 'hono/factory';

/*
 * Answers cross slow links (an outreach worker on 3G, DESIGN.md "The wire"): text answers —
 * the API's JSON, sync pages included, and the app's files where no precompressed copy
 * exists — go brotli-compressed when the client accepts it, else gzip. Small answers are
 * sent as they are (one packet either way), and so are uploads and anything already
 * compressed: images, audio and documents are served with their own types, never text.
 */

/** Answers smaller than this are not worth compressing. */
export const COMPRESS_MIN_BYTES = 1024;

const compressible = /^(text\/|application\/(json|javascript|xml|manifest\+json|[\w.-]+\+json)|image\/svg\+xml)/i;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send for an Accept-Encoding header among those on offer, brotli before
 * gzip; null (the body as it is) when the client accepts none of them.
 */
export function pickEncoding(
  acceptEncoding: string | undefined | null,
  offered: readonly Encoding[] = ['br', 'gzip'],
): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  return offered.find((name) => (weights.get(name) ?? weights.get('*') ?? 0) > 0) ?? null;
}

/** Adds Accept-Encoding to a response's Vary, once. */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/**
 * A compressing transform for an answer made on the fly: brotli at quality 5, a fraction
 * of the time of the maximum for nearly its size, which suits answers made per request
 * (the build compresses the app's files once at the maximum instead).
 */
function compressor(encoding: Encoding): ReadableWritablePair<Uint8Array, Uint8Array> {
  const zlib =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip({ level: 6 });
  return Duplex.toWeb(zlib) as ReadableWritablePair<Uint8Array, Uint8Array>;
}

/** The body again, from the bytes already read and then the rest of the reader. */
function resumed(head: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

function joined(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Compresses a text answer over COMPRESS_MIN_BYTES for a client that accepts brotli or
 * gzip. A body of unknown length (a streamed answer) is read until it passes the threshold
 * or ends, then sent on as it comes, compressed.
 */
export const compressAnswers = createMiddleware(async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
  if (res.headers.has('Content-Encoding') || !compressible.test(res.headers.get('Content-Type') ?? '')) return;
  if (/no-transform/i.test(res.headers.get('Cache-Control') ?? '')) return;
  varyOnEncoding(res.headers);
  const encoding = pickEncoding(c.req.header('Accept-Encoding'));
  const length = res.headers.get('Content-Length');
  if (!encoding || (length !== null && Number(length) < COMPRESS_MIN_BYTES)) return;

  // Status and headers are taken before the body is touched: @hono/node-server's Response
  // forgets headers set after it was made (Cache-Control: no-store) once its body is read.
  const headers = new Headers(res.headers);
  const init: ResponseInit = { status: res.status, statusText: res.statusText, headers };
  if (!res.body) return;
  const reader = res.body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < COMPRESS_MIN_BYTES) {
    const { done, value } = await reader.read();
    if (done) {
      // Ended below the threshold: sent as it was.
      c.res = new Response(joined(head, size), init);
      return;
    }
    head.push(value);
    size += value.byteLength;
  }
  c.res = new Response(resumed(head, reader).pipeThrough(compressor(encoding)), init);
  c.res.headers.delete('Content-Length');
  c.res.headers.set('Content-Encoding', encoding);
});
