import { afterEach, describe, expect, it } from 'vitest';
import { createTransport, defaultRequestTimeouts, setRequestTimeouts, timeoutOf } from '../../../sync/net/transport';
import { SyncError } from '../../../sync/net/errors';
import { retryUnanswered } from '../../../sync/net/retry';

/*
 * Every online read has a timeout (part 2, DESIGN notes: reports and lists open with what
 * the device has): a server that never answers ends a read as a 'timeout' SyncError, the
 * kind the screens and the header treat as "no answer, try again later" (R10).
 */

/** A fetch that never resolves, as a connection that says online and never answers; it still hears aborts. */
function silentServer() {
  const asked: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_, reject) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      asked.push(`${request.method} ${new URL(request.url).pathname}`);
      const signal = request.signal;
      signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    });
  return { asked, fetch: fetch as typeof globalThis.fetch };
}

const transportOver = (fetch: typeof globalThis.fetch) =>
  createTransport({ baseUrl: () => 'http://slow.test/api/', token: () => 't', fetch });

/** What a promise has come to after `ms`: its error, 'answered', or 'pending'. */
async function after(ms: number, promise: Promise<unknown>): Promise<unknown> {
  const pending = new Promise((resolve) => setTimeout(() => resolve('pending'), ms));
  return Promise.race([
    promise.then(
      () => 'answered',
      (error: unknown) => error,
    ),
    pending,
  ]);
}

let restore: () => void = () => undefined;
afterEach(() => restore());

describe('request timeouts', () => {
  it('a GET gives up after the read timeout with a retryable timeout error', async () => {
    restore = setRequestTimeouts({ readMs: 60 });
    const server = silentServer();
    const started = Date.now();
    const error = await after(2_000, transportOver(server.fetch).request('GET', '/centers_list'));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error).toBeInstanceOf(SyncError);
    expect(error).toMatchObject({ reason: 'timeout', retryable: true });
    expect(server.asked).toEqual(['GET /api/centers_list']);
  });

  it('a POST that only reads (a report) says so and gets the read timeout', async () => {
    restore = setRequestTimeouts({ readMs: 60 });
    const server = silentServer();
    const error = await after(
      2_000,
      transportOver(server.fetch).request('POST', '/reports', { json: {}, kind: 'read' }),
    );
    expect(error).toMatchObject({ reason: 'timeout' });
  });

  it('a write has no default timeout: its caller (the outbox replay) sets its own', async () => {
    restore = setRequestTimeouts({ readMs: 60 });
    const server = silentServer();
    const transport = transportOver(server.fetch);
    const controller = new AbortController();
    const write = transport.request('POST', '/child-registrations', { json: {}, signal: controller.signal });
    expect(await after(300, write)).toBe('pending');
    controller.abort();
    await expect(write).rejects.toMatchObject({ reason: 'timeout' });
    expect(
      await after(2_000, transport.request('POST', '/child-registrations', { json: {}, timeoutMs: 50 })),
    ).toMatchObject({ reason: 'timeout' });
  });

  it('the timeout of each kind comes from one place, and a request may set its own', () => {
    restore = setRequestTimeouts({ readMs: 1234 });
    expect(timeoutOf('GET')).toBe(1234);
    expect(timeoutOf('get')).toBe(1234);
    expect(timeoutOf('POST', { kind: 'read' })).toBe(1234);
    expect(timeoutOf('POST')).toBe(false);
    expect(timeoutOf('DELETE')).toBe(false);
    expect(timeoutOf('GET', { timeoutMs: 99 })).toBe(99);
    // A few seconds in the app (the unit tests' setup gives screens more on a busy box).
    expect(defaultRequestTimeouts.readMs).toBeGreaterThanOrEqual(2_000);
    expect(defaultRequestTimeouts.readMs).toBeLessThanOrEqual(5_000);
  });

  it('a read the server does not answer is asked again with backoff, then fails as a timeout', async () => {
    restore = setRequestTimeouts({ readMs: 30 });
    const server = silentServer();
    const transport = transportOver(server.fetch);
    const error = await retryUnanswered(() => transport.request('GET', '/child-registrations'), {
      tries: 3,
      baseMs: 10,
      capMs: 50,
      random: () => 1,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(server.asked).toHaveLength(3);
  });

  it('a refusal is not asked again', async () => {
    let asked = 0;
    const refuse = async () => {
      asked++;
      throw new SyncError('forbidden', 'no');
    };
    await expect(retryUnanswered(refuse, { tries: 3, baseMs: 1, capMs: 1, random: () => 0 })).rejects.toMatchObject({
      reason: 'forbidden',
    });
    expect(asked).toBe(1);
  });
});
