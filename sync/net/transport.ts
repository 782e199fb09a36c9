import ky, { type KyInstance } from 'ky';
import { messages } from '../contract/messages';
import { networkSettings } from '../contract/constants/limits';
import type { Envelope } from '../contract/envelope';
import { languageStore } from '../device/language-store';
import type { Language } from '../contract/i18n/languages';
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
  /** How long to wait for the answer; wins over the default of the request's kind. */
  timeoutMs?: number;
  /**
   * A read waits `requestTimeouts.readMs` by default, a write (changes on the server) has
   * no default timeout. GET is a read; a POST that only reads (reports, their details, the
   * part 2 lists) says `kind: 'read'`.
   */
  kind?: 'read' | 'write';
  signal?: AbortSignal;
};

/**
 * How long requests wait for the server's answer (its status and headers) before they fail
 * as a 'timeout' SyncError, in one place. The spec's app waits forever (part 1, section 8:
 * default request timeout none); on a connection that says online and never answers that is
 * a screen spinning forever, so a read gives up after a few seconds and the screen shows
 * what the device has while it asks again (part 2, DESIGN notes: reports open offline).
 * Writes keep no default: the outbox replay sets its own, long enough for an upload, and a
 * write that times out is sent again under the same Idempotency-Key, so the server applies
 * it once (R7, R10).
 */
export type RequestTimeouts = {
  /** A read a screen waits on. */
  readMs: number;
  /** One page of a sync pull (up to 500 rows the server must gather). */
  pageMs: number;
  /** POST /login, which the user watches. */
  signInMs: number;
};

export const defaultRequestTimeouts: Readonly<RequestTimeouts> = { readMs: 3_000, pageMs: 20_000, signInMs: 15_000 };
/** The timeouts in force: the defaults, unless a test changed them. */
export const requestTimeouts: Readonly<RequestTimeouts> = { ...defaultRequestTimeouts };

/** Changes the timeouts (tests); returns what puts the previous ones back. */
export function setRequestTimeouts(next: Partial<RequestTimeouts>): () => void {
  const before = { ...requestTimeouts };
  Object.assign(requestTimeouts, next);
  return () => Object.assign(requestTimeouts, before);
}

/** The timeout of a request: its own, else its kind's (a GET is a read). */
export function timeoutOf(method: string, options: Pick<RequestOptions, 'timeoutMs' | 'kind'> = {}): number | false {
  if (options.timeoutMs !== undefined) return options.timeoutMs;
  const kind = options.kind ?? (method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD' ? 'read' : 'write');
  return kind === 'read' ? requestTimeouts.readMs : false;
}

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
  /** The language the server's messages are asked in; the device's (language-store.ts) by default. */
  language?: () => Language;
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

/** The option that carries a multipart body past ky to its `fetch` (see createTransport). */
const MULTIPART = 'ashrayMultipart';

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
        timeout: false, // each request's own: timeoutOf()
        throwHttpErrors: false,
        // The multipart body joins the request here, after ky: ky clones every request
        // before sending it, to retry it (we never do, retry 0), and cloning a multipart body
        // cost about as much CPU as sending it (replay sends hundreds in a row).
        fetch: (input, init) => {
          const { [MULTIPART]: form, ...rest } = (init ?? {}) as RequestInit & { [MULTIPART]?: FormData };
          const send = options.fetch ?? globalThis.fetch;
          return form ? send(new Request(input as Request, { body: form }), rest) : send(input, rest);
        },
        headers: { Accept: 'application/json' },
        hooks: {
          beforeRequest: [
            (request) => {
              const token = options.token();
              if (token) request.headers.set('Authorization', `Bearer ${token}`);
              const xsrf = readCookie(networkSettings.xsrfCookieName);
              if (xsrf) request.headers.set(networkSettings.xsrfHeaderName, xsrf);
              // The server answers its messages in the language this device shows.
              request.headers.set('Accept-Language', options.language?.() ?? languageStore.getState().language);
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
        ...({ [MULTIPART]: opts.body } as object),
        headers: opts.headers,
        searchParams: opts.searchParams,
        timeout: timeoutOf(method, opts),
        signal: opts.signal,
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new SyncError('timeout', messages.serverNotRespondingRetry);
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
