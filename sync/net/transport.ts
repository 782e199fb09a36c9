import ky, { type KyInstance } from 'ky';
import { messages } from '../contract/messages';
import { networkSettings } from '../contract/constants/limits';
import type { Envelope } from '../contract/envelope';
import { apiUrl } from './config';
import { SyncError, type SyncErrorReason } from './errors';

/**
 * The one HTTP client of the app. It adds the bearer token, never retries by
 * itself (the outbox owns retries), and turns every failure into a SyncError so
 * callers deal with values, not with fetch's exceptions.
 */
export type RequestOptions = {
  json?: unknown;
  body?: FormData;
  headers?: Record<string, string>;
  searchParams?: Record<string, string | number>;
  timeoutMs?: number;
  signal?: AbortSignal;
};

export type Transport = {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<Envelope<T>>;
};

export type TransportOptions = {
  /** Absolute API base ending in '/'. */
  baseUrl: () => string;
  token: () => string | null;
  fetch?: typeof fetch;
  /** The server said 'Unauthenticated.' to a request that carried this token. */
  onUnauthenticated?: (token: string) => void;
};

/**
 * A 409 that carries Retry-After is no failed precondition: the server is still running
 * the first delivery of this Idempotency-Key (a timed-out request). Trying again later
 * gets its stored answer.
 */
const reasonOf = (response: Response): SyncErrorReason =>
  response.status === 409 && response.headers.has('Retry-After') ? 'busy' : reasonOfStatus(response.status);

const reasonOfStatus = (status: number): SyncErrorReason => {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not-found';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 422) return 'validation';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'rejected';
};

/** The message the spec shows for a failed answer: first field error, then message, then generic. */
export function messageOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const { errors, message } = body as { errors?: unknown; message?: unknown };
    if (errors && typeof errors === 'object') {
      const first = Object.values(errors as Record<string, unknown>)[0];
      const text = Array.isArray(first) ? first[0] : first;
      if (typeof text === 'string' && text) return text;
    }
    if (typeof message === 'string' && message) return message;
  }
  return messages.somethingWentWrong;
}

function readCookie(name: string): string | null {
  // No document in the service worker: there the token alone authenticates.
  const doc = (globalThis as { document?: { cookie: string } }).document;
  if (!doc) return null;
  const match = doc.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** A transport over `options.fetch` (the browser's by default). */
export function createTransport(options: TransportOptions): Transport {
  let client: KyInstance | null = null;
  let clientBase = '';
  const http = () => {
    const base = options.baseUrl();
    if (!client || clientBase !== base) {
      clientBase = base;
      client = ky.create({
        prefixUrl: base,
        retry: 0,
        timeout: false, // spec: default request timeout none
        throwHttpErrors: false,
        fetch: options.fetch,
        headers: { Accept: 'application/json' },
        hooks: {
          beforeRequest: [
            (request) => {
              const token = options.token();
              if (token) request.headers.set('Authorization', `Bearer ${token}`);
              const xsrf = readCookie(networkSettings.xsrfCookieName);
              if (xsrf) request.headers.set(networkSettings.xsrfHeaderName, xsrf);
            },
          ],
        },
      });
    }
    return client;
  };

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
    const sentToken = options.token();
    let response: Response;
    try {
      response = await http()(path.replace(/^\//, ''), {
        method,
        json: opts.json,
        body: opts.body,
        headers: opts.headers,
        searchParams: opts.searchParams,
        timeout: opts.timeoutMs ?? false,
        signal: opts.signal,
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError') throw new SyncError('timeout', messages.serverNotRespondingRetry);
      if (name === 'AbortError') throw new SyncError('timeout', messages.serverNotRespondingRetry);
      throw new SyncError('network', messages.serverNotRespondingRetry);
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      if (!response.ok)
        throw new SyncError(reasonOf(response), messages.somethingWentWrong, { status: response.status });
      throw new SyncError('unreadable', messages.serverNotResponding, { status: response.status });
    }
    const envelope = body as Envelope<T>;
    if (response.status === 401 && envelope?.message === messages.unauthenticated) {
      if (sentToken) options.onUnauthenticated?.(sentToken);
      throw new SyncError('unauthenticated', messages.unauthenticated, { status: 401, body });
    }
    if (!response.ok) throw new SyncError(reasonOf(response), messageOf(body), { status: response.status, body });
    if (!envelope || typeof envelope !== 'object' || envelope.success !== true) {
      const readable = Boolean(envelope && typeof envelope === 'object' && 'success' in envelope);
      throw new SyncError(
        readable ? 'rejected' : 'unreadable',
        readable ? messageOf(body) : messages.serverNotResponding,
        { status: response.status, body },
      );
    }
    return envelope;
  }

  return { request };
}

// The app's default transport: token and 'Unauthenticated.' are wired by the session.
let tokenSource: () => string | null = () => null;
let fetchImpl: typeof fetch | undefined;
const unauthenticatedListeners = new Set<(token: string) => void>();

/** Tells the default transport where the bearer token comes from. */
export function setTokenSource(source: () => string | null): void {
  tokenSource = source;
}

/** Called with the token a request carried when the server answered 'Unauthenticated.' to it. */
export function onUnauthenticated(listener: (token: string) => void): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

let defaultTransport: Transport | null = null;

/** Tests swap the fetch implementation of the default transport. */
export function setFetch(impl: typeof fetch | undefined): void {
  fetchImpl = impl;
  defaultTransport = null;
}

export function appTransport(): Transport {
  defaultTransport ??= createTransport({
    baseUrl: apiUrl,
    token: () => tokenSource(),
    fetch: fetchImpl ? (input, init) => fetchImpl!(input, init) : undefined,
    onUnauthenticated: (token) => unauthenticatedListeners.forEach((listener) => listener(token)),
  });
  return defaultTransport;
}

/** Sends one request with the app's transport. */
export function request<T>(method: string, path: string, options?: RequestOptions): Promise<Envelope<T>> {
  return appTransport().request<T>(method, path, options);
}
