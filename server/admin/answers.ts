import type { Context } from 'hono';
import { messages } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { guardedWrite, type GuardedOutcome } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { fail } from '../core/http';
import { serverMessages } from '../core/messages';
import { invalid, type Issue } from '../core/validation';

/** What a guarded admin write decided inside its transaction. */
export type WriteVerdict<T> = { issues: Issue[] } | { refused: string } | { done: T };

/**
 * Answers a guarded write (sync/SPEC.md R11): 404 when the record is gone, 409 with the
 * current record when If-Match is stale, 422 for validation or a refused delete, else
 * `onDone`.
 */
export async function answerGuarded<T>(
  c: Context<AppEnv>,
  outcome: GuardedOutcome<WriteVerdict<T>>,
  current: () => Promise<unknown>,
  onDone: (value: T) => Response | Promise<Response>,
) {
  if (outcome.status === 'missing') return fail(c, 404, messages.notFound);
  if (outcome.status === 'conflict') {
    const record = await current();
    if (!record) return fail(c, 404, messages.notFound);
    return c.json({ success: false, message: serverMessages.changedElsewhere, data: record }, 409);
  }
  const verdict = outcome.value;
  if ('issues' in verdict) return invalid(c, verdict.issues);
  if ('refused' in verdict) return fail(c, 422, verdict.refused, { id: [verdict.refused] });
  return onDone(verdict.done);
}

/** One record's guarded write under the request's If-Match, answered by `answerGuarded`. */
export type GuardedRequest<R extends { updated_at: Date }, T> = {
  lock: (tx: Db) => Promise<R | undefined>;
  write: (tx: Db, row: R) => Promise<WriteVerdict<T>>;
  current: () => Promise<unknown>;
  onDone: (value: T) => Response | Promise<Response>;
};

export async function guardedAnswer<R extends { updated_at: Date }, T>(
  c: Context<AppEnv>,
  request: GuardedRequest<R, T>,
) {
  const outcome = await guardedWrite(
    c.get('deps').db,
    readIfMatch(c.req.header('if-match')),
    request.lock,
    request.write,
  );
  return answerGuarded(c, outcome, request.current, request.onDone);
}
