import { createHash } from 'node:crypto';
import { asc, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessLog } from '../db/schema';

/*
 * The access log's hash chain (DESIGN.md, Access log): each row's `hash` is SHA-256 of the
 * previous row's hash and this row's content, in a fixed order; the first row's previous
 * hash is GENESIS. A row removed or altered breaks the link after it; removing the newest
 * rows is found only against a copy of the head (the check prints it: keep it elsewhere).
 */

export const GENESIS = '0'.repeat(64);

/** What a row's hash covers (everything but its id and its own hashes). */
export type ChainedContent = {
  key: string;
  action: string;
  childIds: number[];
  userId: number;
  deviceId: string | null;
  at: Date;
  offline: boolean;
  appVersion: string | null;
  subject: string | null;
  receivedAt: Date;
};

export function chainHash(prevHash: string, row: ChainedContent): string {
  const content = JSON.stringify([
    row.key,
    row.action,
    row.childIds,
    row.userId,
    row.deviceId,
    row.at.toISOString(),
    row.offline,
    row.appVersion,
    row.subject,
    row.receivedAt.toISOString(),
  ]);
  return createHash('sha256').update(prevHash).update('\n').update(content).digest('hex');
}

/** The advisory lock every append takes, so rows chain in id order across processes ('ashray access'). */
export const CHAIN_LOCK = 0x61636373;

export type ChainReport =
  | { ok: true; rows: number; head: string }
  | { ok: false; rows: number; brokenAt: number; reason: 'previous hash' | 'content' };

/**
 * Walks the whole chain in id order, a page at a time: the first row whose previous hash is
 * not the hash before it (a row removed or reordered) or whose hash is not its content's (a
 * row altered), or the head and the count when every link holds.
 */
export async function checkChain(db: Db, pageSize = 5_000): Promise<ChainReport> {
  let previous = GENESIS;
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const page = await db
      .select()
      .from(accessLog)
      .where(gt(accessLog.id, lastId))
      .orderBy(asc(accessLog.id))
      .limit(pageSize);
    for (const row of page) {
      if (row.prevHash !== previous) return { ok: false, rows, brokenAt: row.id, reason: 'previous hash' };
      if (chainHash(previous, row) !== row.hash) return { ok: false, rows, brokenAt: row.id, reason: 'content' };
      previous = row.hash;
      lastId = row.id;
      rows += 1;
    }
    if (page.length < pageSize) return { ok: true, rows, head: previous };
  }
}

/** Takes the chain's lock for the rest of the transaction `tx` and answers the head's hash. */
export async function lockedHead(tx: Db): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const [head] = await tx
    .select({ hash: accessLog.hash })
    .from(accessLog)
    .orderBy(sql`${accessLog.id} desc`)
    .limit(1);
  return head?.hash ?? GENESIS;
}
