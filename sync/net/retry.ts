import { isSyncError } from './errors';

/*
 * Asking again when the server did not answer: a request that timed out or never reached
 * it (DESIGN.md, Replay: timeouts and network failures retry with exponential backoff and
 * jitter). Used by a sync run's pages and by screens that keep asking while they show what
 * the device has.
 */

/** A failure that asking again later may get past: no answer in time, or none at all. */
export const isUnanswered = (error: unknown): boolean =>
  isSyncError(error) && (error.reason === 'timeout' || error.reason === 'network');

export type Backoff = {
  /** The wait before the second try; it doubles at each try after. */
  baseMs: number;
  /** The longest wait. */
  capMs: number;
  /** 0..1; 0 waits nothing (tests). */
  random?: () => number;
};

/** The wait before try `attempt + 1` (attempt 1 is the first failure): full jitter over the doubled base. */
export const backoffMs = (attempt: number, { baseMs, capMs, random = Math.random }: Backoff): number =>
  Math.round(random() * Math.min(capMs, baseMs * 2 ** (attempt - 1)));

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}

/** A sync page's retries: three tries in all, 1 s then 2 s (with jitter) between them. */
export const pageRetry = { tries: 3, baseMs: 1_000, capMs: 10_000 };

/**
 * Runs `task`, and again after a backoff while it fails unanswered, `tries` times in all;
 * the last failure (or any other) is thrown.
 */
export async function retryUnanswered<T>(
  task: () => Promise<T>,
  { tries, ...backoff }: Backoff & { tries: number },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= tries || !isUnanswered(error)) throw error;
      await sleep(backoffMs(attempt, backoff));
    }
  }
}
