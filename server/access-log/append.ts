import { inArray } from 'drizzle-orm';
import type { AccessAction } from '../../sync/contract';
import type { Db } from '../db/client';
import { accessLog } from '../db/schema';
import { chainHash, lockedHead, type ChainedContent } from './chain';

/** An entry to append: the chained content but its receipt time, which the append stamps. */
export type NewAccess = Omit<ChainedContent, 'receivedAt' | 'action'> & { action: AccessAction };

/**
 * Appends entries to the chain in one transaction under the chain's lock, skipping any whose
 * key is already stored (a batch sent again after a lost answer) or repeated in `entries`.
 * Answers how many were new.
 */
export async function appendAccess(db: Db, entries: readonly NewAccess[]): Promise<number> {
  const unique = [...new Map(entries.map((e) => [e.key, e])).values()];
  if (unique.length === 0) return 0;
  return db.transaction(async (tx) => {
    let previous = await lockedHead(tx as unknown as Db);
    const known = new Set(
      (
        await tx
          .select({ key: accessLog.key })
          .from(accessLog)
          .where(
            inArray(
              accessLog.key,
              unique.map((e) => e.key),
            ),
          )
      ).map((r) => r.key),
    );
    const receivedAt = new Date();
    const rows = unique
      .filter((e) => !known.has(e.key))
      .map((e) => {
        const content: ChainedContent = { ...e, receivedAt };
        const hash = chainHash(previous, content);
        const row = { ...content, prevHash: previous, hash };
        previous = hash;
        return row;
      });
    if (rows.length > 0) await tx.insert(accessLog).values(rows);
    return rows.length;
  });
}
