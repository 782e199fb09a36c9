import { requestTimeouts } from '../net/transport';
import { backoffMs, sleep, type Backoff } from '../net/retry';
import type { Answer, LoadOptions, Sourced } from './reports';

/*
 * A report screen on a connection that says online but does not answer (part 2, DESIGN
 * notes: reports open offline): it shows the device's count as soon as the server's read
 * times out, and keeps asking the server while it is open; the server's answer, when it
 * comes, replaces the device's.
 */

/** How a screen asks again: the waits between tries, and each try's wait for the server. */
export type KeepAskingPolicy = Backoff & {
  /** The first try waits `requestTimeouts.readMs`; each try after waits this many times longer, up to `maxTimeoutMs`. */
  timeoutGrowth: number;
  maxTimeoutMs: number;
};

export const keepAskingPolicy: KeepAskingPolicy = {
  baseMs: 2_000,
  capMs: 60_000,
  timeoutGrowth: 2,
  maxTimeoutMs: 30_000,
};

type Load<T> = (online: boolean, options: LoadOptions) => Promise<Answer<Sourced<T>>>;

/**
 * Loads an answer and tells `onAnswer`; when the device's count stood in because the
 * server did not answer, asks the server again with backoff (and more patience each
 * time) until it answers, refuses, or `signal` aborts (the screen closed, the filter or
 * the connection changed). Nothing is told after the abort.
 */
export async function keepAsking<T>(
  load: Load<T>,
  {
    online,
    signal,
    onAnswer,
    policy = keepAskingPolicy,
  }: {
    online: boolean;
    signal: AbortSignal;
    onAnswer: (answer: Answer<Sourced<T>>) => void;
    policy?: KeepAskingPolicy;
  },
): Promise<void> {
  const first = await load(online, { signal });
  if (signal.aborted) return;
  onAnswer(first);
  if (!first.ok || first.value.source !== 'device' || first.value.why !== 'no-answer') return;
  for (let attempt = 1; ; attempt++) {
    await sleep(Math.max(backoffMs(attempt, policy), 250), signal);
    if (signal.aborted) return;
    const timeoutMs = Math.min(policy.maxTimeoutMs, requestTimeouts.readMs * policy.timeoutGrowth ** attempt);
    const again = await load(true, { signal, timeoutMs, serverOnly: true });
    if (signal.aborted) return;
    if (again.ok) return onAnswer(again);
    // A refusal (403, 422) will not change by asking again: the device's count stays.
    if (!again.error.retryable) return;
  }
}
