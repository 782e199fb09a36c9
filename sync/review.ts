import type { AppDb, ConflictRow, LocalRow, OutboxEntry } from './db/app-db';
import { callOf, descriptorOf } from './entities';
import { pickFields, type Fields } from './reconcile';

/**
 * The review queue (R10, R14): rejected entries to fix and resubmit, conflicts to
 * resolve. Every change here is one transaction; a resolution is a new outbox entry
 * (a new Idempotency-Key) against the server's version as the new base.
 */
export type Resolution = 'mine' | 'theirs' | Record<string, 'mine' | 'theirs'>;

const newEntry = (entity: string, op: string, cid: string, payload: Fields, base: string | null): OutboxEntry => ({
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

function serverView(theirs: Fields): Fields {
  return { ...theirs, _base: theirs, _sync: 'synced' };
}

/** Applies the user's choice for a conflict (R14). */
export async function resolveConflict(db: AppDb, conflictId: number, choice: Resolution): Promise<void> {
  const conflict = await db.conflicts.get(conflictId);
  if (!conflict) return;
  const descriptor = descriptorOf(conflict.entity);
  const table = db.entity(descriptor.table);
  await db.transaction('rw', [table, db.outbox, db.conflicts, db.files], async () => {
    const entries = await db.outbox.where('cid').equals(conflict.cid).toArray();
    const row = await table.get(conflict.cid);
    await db.outbox.bulkDelete(entries.map((e) => e.seq!));
    await db.conflicts.delete(conflictId);
    const theirs = conflict.theirs as (Fields & { updated_at?: string }) | null;
    const deleting = Boolean(conflict.mine._delete);

    if (!theirs) {
      // Deleted on the server: keeping mine re-creates the record from this device's copy.
      if (choice === 'theirs' || deleting || !row) {
        await table.delete(conflict.cid);
        return;
      }
      const { cid: _cid, id: _id, _base, _sync, _deleted, ...fields } = row;
      await table.put({ ...fields, cid: conflict.cid, _base: null, _sync: 'pending' } as LocalRow);
      await db.outbox.add(newEntry(conflict.entity, 'create', conflict.cid, fields, null));
      return;
    }
    if (deleting) {
      if (choice === 'theirs') {
        await table.put({ ...(row ?? {}), ...serverView(theirs), cid: conflict.cid, _deleted: 0 } as LocalRow);
      } else {
        await table.put({ ...(row ?? {}), ...theirs, cid: conflict.cid, _base: theirs, _deleted: 1, _sync: 'pending' } as LocalRow);
        await db.outbox.add(newEntry(conflict.entity, 'delete', conflict.cid, {}, theirs.updated_at ?? null));
      }
      return;
    }
    const kept = pickFields(conflict.mine, choice);
    const pending = Object.keys(kept).length > 0;
    await table.put({ ...(row ?? {}), ...theirs, ...kept, cid: conflict.cid, _base: theirs, _sync: pending ? 'pending' : 'synced' } as LocalRow);
    if (pending) await db.outbox.add(newEntry(conflict.entity, 'update', conflict.cid, kept, theirs.updated_at ?? null));
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
    });
    const row = await table.get(entry.cid);
    if (row) await table.put({ ...row, ...corrected, _sync: 'pending' });
  });
}

/** Retries waiting entries now instead of after their backoff. */
export async function retryNow(db: AppDb): Promise<void> {
  await db.outbox.where('status').anyOf('queued', 'sending').modify({ nextAttemptAt: 0 });
}

/**
 * Drops a rejected or conflicting entry (the UI confirms first) and restores the
 * server's version of the record, or removes a record that never reached it.
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
    await db.conflicts.where('cid').equals(entry.cid).delete();
    const row = await table.get(entry.cid);
    if (!row) return;
    if (!row._base) await table.delete(entry.cid);
    else if (all.length === dropping.length) await table.put({ ...(row._base as Fields), cid: row.cid, _base: row._base, _sync: 'synced' } as LocalRow);
  });
}

export type ReviewItem = { entry: OutboxEntry; conflict: ConflictRow | null; row: LocalRow | null };

/** Everything waiting for the user, oldest first. */
export async function reviewItems(db: AppDb): Promise<ReviewItem[]> {
  const entries = await db.outbox.where('status').anyOf('rejected', 'conflict').sortBy('seq');
  const items: ReviewItem[] = [];
  for (const entry of entries) {
    const conflict = (await db.conflicts.where('cid').equals(entry.cid).last()) ?? null;
    const row = (await db.entity(descriptorOf(entry.entity).table).get(entry.cid)) ?? null;
    items.push({ entry, conflict, row });
  }
  return items;
}
