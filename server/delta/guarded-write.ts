import type { Db } from '../db/client';
import { preconditionHolds, type Precondition } from './if-match';

export type GuardedOutcome<T> = { status: 'ok'; value: T } | { status: 'missing' } | { status: 'conflict' };

/**
 * One update or delete under the R11 precondition, atomically: in one transaction the
 * record is locked (`lock` must SELECT ... FOR UPDATE the live, in-scope row), its
 * updated_at compared with If-Match, and only then `write` runs. A concurrent writer
 * waits on the lock and then sees the new updated_at, so two writes made against the
 * same base can never both pass.
 */
export async function guardedWrite<R extends { updated_at: Date }, T>(
  db: Db,
  precondition: Precondition,
  lock: (tx: Db) => Promise<R | undefined>,
  write: (tx: Db, row: R) => Promise<T>,
): Promise<GuardedOutcome<T>> {
  return db.transaction(async (tx) => {
    const row = await lock(tx);
    if (!row) return { status: 'missing' } as const;
    if (!preconditionHolds(precondition, row.updated_at)) return { status: 'conflict' } as const;
    return { status: 'ok', value: await write(tx, row) } as const;
  });
}
