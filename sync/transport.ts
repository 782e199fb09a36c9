import ky, { type KyInstance } from 'ky';
import { messages, type Envelope } from './contract';
import { apiUrl } from './config';
import { SyncError, type SyncErrorReason } from './errors';

/**
 * The one HTTP client of the app. It adds the bearer token, never retries by
 * itself (the outbox owns retries), and turns every failure into a SyncError so
 * callers deal with values, not with fetch's exceptions.
 */
type TokenSource = () => string | null;
type UnauthenticatedListener = () => void;

let tokenSource: TokenSource = () => null;
const unauthenticatedListeners = new Set<UnauthenticatedListener>();

/** Tells the transport where the bearer token comes from. */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/** Called when the server answers 'Unauthenticated.' to a request that carried a token. */
export function onUnauthenticated(listener: UnauthenticatedListener): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

let client: KyInstance | null = null;
let fetchImpl: typeof fetch | undefined;

/** Tests swap the fetch implementation (fault injection, in-process server). */
export function setFetch(impl: typeof fetch | undefined): void {
  fetchImpl = impl;
  client = null;
}

function http(): KyInstance {
  client ??= ky.create({
    prefixUrl: apiUrl(),
    retry: 0,
    timeout: false, // spec: default request timeout none
    throwHttpErrors: false,
    fetch: fetchImpl ? (input, init) => fetchImpl!(input, init) : undefined,
    headers: { Accept: 'application/json' },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = tokenSource();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          const xsrf = readCookie('XSRF-TOKEN');
          if (xsrf) request.headers.set('X-XSRF-TOKEN', xsrf);
        },
      ],
    },
  });
  return client;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export type RequestOptions = {
  json?: unknown;
  body?: FormData;
  headers?: Record<string, string>;
  searchParams?: Record<string, string | number>;
  timeoutMs?: number;
  signal?: AbortSignal;
};

const reasonOfStatus = (status: number): SyncErrorReason => {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
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

/**
 * Sends one request and returns the envelope of a successful answer. Throws
 * SyncError for anything else: no answer, timeout, an error status or success false.
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const hadToken = Boolean(tokenSource());
  let response: Response;
  try {
    response = await http()(path.replace(/^\//, ''), {
      method,
      json: options.json,
      body: options.body,
      headers: options.headers,
      searchParams: options.searchParams,
      timeout: options.timeoutMs ?? false,
      signal: options.signal,
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError') throw new SyncError('timeout', messages.serverNotRespondingRetry);
    if (name === 'AbortError') throw error;
    throw new SyncError('network', messages.serverNotRespondingRetry);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    if (!response.ok) throw new SyncError(reasonOfStatus(response.status), messages.somethingWentWrong, { status: response.status });
    throw new SyncError('unreadable', messages.serverNotResponding, { status: response.status });
  }
  const envelope = body as Envelope<T> & { message?: string };
  if (response.status === 401 && envelope?.message === messages.unauthenticated) {
    if (hadToken) unauthenticatedListeners.forEach((listener) => listener());
    throw new SyncError('unauthenticated', messages.unauthenticated, { status: 401, body });
  }
  if (!response.ok) throw new SyncError(reasonOfStatus(response.status), messageOf(body), { status: response.status, body });
  if (!envelope || typeof envelope !== 'object' || envelope.success !== true) {
    const reason: SyncErrorReason = envelope && typeof envelope === 'object' && 'success' in envelope ? 'rejected' : 'unreadable';
    throw new SyncError(reason, reason === 'unreadable' ? messages.serverNotResponding : messageOf(body), { status: response.status, body });
  }
  return envelope;
}
