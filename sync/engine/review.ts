import type { AppDb, ConflictRow, LocalRow, OutboxEntry } from '../db/app-db';
import { callOf, descriptorOf, type EntityName } from '../entities/registry';
import { pickFields, type Fields } from './reconcile';
import { batchRows, markBatch } from './batch';

/**
 * The review queue (R10, R14): rejected entries to fix and resubmit, conflicts to
 * resolve. Every change here is one transaction; a resolution is a new outbox entry
 * (a new Idempotency-Key) against the server's version as the new base.
 */
export type Resolution = 'mine' | 'theirs' | Record<string, 'mine' | 'theirs'>;

const newEntry = (entity: EntityName, op: string, cid: string, payload: Fields, base: string | null): OutboxEntry => ({
  mutationId: crypto.randomUUID(),
  entity,
  op,
  cid,
  payload,
  fileKeys: [],
  baseUpdatedAt: base,
  dependsOn: [],
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  status: 'queued',
});

async function settle(db: AppDb, table: ReturnType<AppDb['entity']>, cid: string): Promise<void> {
  const [entries, conflicts] = await Promise.all([
    db.outbox.where('cid').equals(cid).count(),
    db.conflicts.where('cid').equals(cid).count(),
  ]);
  const state = conflicts ? 'conflict' : entries ? 'pending' : 'synced';
  await table.update(cid, { _sync: state });
}

/** Applies the user's choice for a conflict (R14). */
export async function resolveConflict(db: AppDb, conflictId: number, choice: Resolution): Promise<void> {
  const conflict = await db.conflicts.get(conflictId);
  if (!conflict) return;
  const descriptor = descriptorOf(conflict.entity);
  const table = db.entity(descriptor.table);
  await db.transaction('rw', [table, db.outbox, db.conflicts, db.files], async () => {
    await db.conflicts.delete(conflictId);
    const row = await table.get(conflict.cid);
    const theirs = conflict.theirs as (Fields & { updated_at?: string }) | null;
    const deleting = Boolean(conflict.mine._delete);

    if (!theirs) {
      // Deleted on the server: keeping mine re-creates the record from this device's copy.
      if (choice === 'theirs' || deleting || !row) {
        const entries = await db.outbox.where('cid').equals(conflict.cid).toArray();
        await db.outbox.bulkDelete(entries.map((e) => e.seq!));
        await table.delete(conflict.cid);
        return;
      }
      const { cid: _cid, id: _id, _base, _sync, _deleted, created_at: _c, updated_at: _u, ...fields } = row;
      await table.put({ ...fields, cid: conflict.cid, _base: null, _sync: 'pending' } as LocalRow);
      await db.outbox.add(newEntry(conflict.entity, 'create', conflict.cid, fields, null));
      return;
    }
    if (deleting) {
      if (choice !== 'theirs') {
        await table.put({ ...(row ?? {}), ...theirs, cid: conflict.cid, _base: theirs, _deleted: 1 } as LocalRow);
        await db.outbox.add(newEntry(conflict.entity, 'delete', conflict.cid, {}, theirs.updated_at ?? null));
      }
      await settle(db, table, conflict.cid);
      return;
    }
    const kept = pickFields(conflict.mine, choice);
    if (row) await table.put({ ...row, ...kept, cid: conflict.cid });
    if (Object.keys(kept).length > 0)
      await db.outbox.add(newEntry(conflict.entity, 'update', conflict.cid, kept, theirs.updated_at ?? null));
    await settle(db, table, conflict.cid);
  });
}

/** Sends a rejected entry again, optionally with corrected fields, under a new key. */
export async function resubmitEntry(db: AppDb, seq: number, corrected: Fields = {}): Promise<void> {
  const entry = await db.outbox.get(seq);
  if (!entry) return;
  const table = db.entity(descriptorOf(entry.entity).table);
  await db.transaction('rw', [table, db.outbox], async () => {
    await db.outbox.update(seq, {
      payload: { ...entry.payload, ...corrected },
      status: 'queued',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      mutationId: crypto.randomUUID(),
      sent: false,
    });
    const row = await table.get(entry.cid);
    if (row) await table.put({ ...row, ...corrected, _sync: 'pending' });
    if (descriptorOf(entry.entity).batch) await markBatch(db, entry.entity, entry.cid, 'pending');
  });
}

/** Retries waiting entries now instead of after their backoff. */
export async function retryNow(db: AppDb): Promise<void> {
  await db.outbox.where('status').anyOf('queued', 'sending').modify({ nextAttemptAt: 0 });
}

/**
 * Drops a rejected entry (the UI confirms first) and restores the server's version of
 * the record, or removes a record that never reached it.
 */
export async function discardEntry(db: AppDb, seq: number): Promise<void> {
  const entry = await db.outbox.get(seq);
  if (!entry) return;
  const descriptor = descriptorOf(entry.entity);
  const table = db.entity(descriptor.table);
  await db.transaction('rw', [table, db.outbox, db.conflicts, db.files], async () => {
    const all = await db.outbox.where('cid').equals(entry.cid).toArray();
    const creates = callOf(descriptor, entry.op).effect === 'create';
    const dropping = creates ? all : [entry];
    await db.outbox.bulkDelete(dropping.map((e) => e.seq!));
    await db.files.bulkDelete(dropping.flatMap((e) => e.fileKeys));
    if (descriptor.batch) await batchRows(db, entry.entity, entry.cid).delete();
    const row = await table.get(entry.cid);
    if (!row) return;
    if (!row._base) {
      await table.delete(entry.cid);
      await db.conflicts.where('cid').equals(entry.cid).delete();
    } else if (all.length === dropping.length) {
      await table.put({ ...(row._base as Fields), cid: row.cid, _base: row._base, _sync: 'synced' } as LocalRow);
      await settle(db, table, entry.cid);
    }
  });
}

export type ReviewItem =
  | { kind: 'rejected'; entry: OutboxEntry; row: LocalRow | null }
  | { kind: 'conflict'; conflict: ConflictRow; row: LocalRow | null };

/** Everything waiting for the user, oldest first. */
export async function reviewItems(db: AppDb): Promise<ReviewItem[]> {
  const rowOf = async (entity: EntityName, cid: string) =>
    (await db.entity(descriptorOf(entity).table).get(cid)) ?? null;
  const items: ReviewItem[] = [];
  for (const conflict of await db.conflicts.orderBy('id').toArray())
    items.push({ kind: 'conflict', conflict, row: await rowOf(conflict.entity, conflict.cid) });
  for (const entry of await db.outbox.where('status').equals('rejected').sortBy('seq'))
    items.push({ kind: 'rejected', entry, row: await rowOf(entry.entity, entry.cid) });
  return items;
}
