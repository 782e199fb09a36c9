/**
 * Sync failures are values, not exceptions thrown into the UI: a typed reason plus
 * what the server said. Screens read them from stores; they never catch fetch errors.
 */
export type SyncErrorReason =
  | 'network' // no answer at all (offline, DNS, connection refused)
  | 'timeout'
  | 'unauthenticated' // 401 'Unauthenticated.'
  | 'forbidden' // 403
  | 'not-found' // 404
  | 'conflict' // 409
  | 'busy' // 409 with Retry-After: the same Idempotency-Key is still being worked on
  | 'validation' // 422
  | 'rate-limited' // 429
  | 'server' // 5xx
  | 'rejected' // any other answer with success false
  | 'unreadable' // an answer that is not the envelope
  | 'device'; // this device's IndexedDB failed (the queue or its files), no answer of the server

export class SyncError extends Error {
  readonly reason: SyncErrorReason;
  readonly status: number | undefined;
  readonly body: unknown;

  constructor(reason: SyncErrorReason, message: string, meta: { status?: number; body?: unknown } = {}) {
    super(message);
    this.name = 'SyncError';
    this.reason = reason;
    this.status = meta.status;
    this.body = meta.body;
  }

  /** Whether trying the same request again later may succeed. */
  get retryable(): boolean {
    return ['network', 'timeout', 'busy', 'rate-limited', 'server'].includes(this.reason);
  }
}

export const isSyncError = (e: unknown): e is SyncError => e instanceof SyncError;
