import type { AppDb, LocalRow, OutboxEntry } from '../db/app-db';
import { callOf, descriptorOf, type EntityName } from '../entities/registry';
import { threeWayMerge, type Fields } from './reconcile';

/**
 * R12 and R17 in one place: moves every queued change of a record onto the server's
 * newer version. Fields changed on both sides leave the queue for the review queue;
 * the rest stays queued against the new base. Run inside a transaction over the
 * record's table, the outbox and the conflicts.
 *
 * All queued updates of the record move together: an update made after another one
 * was made against the same old base, so it must be checked against what the server
 * changed too, not just the first one sent.
 */
export async function rebaseQueued(
  db: AppDb,
  entity: EntityName,
  row: LocalRow,
  theirs: Fields,
  options: { inFlight?: number; now: number },
): Promise<{ contested: string[]; queued: number }> {
  const table = db.entity(descriptorOf(entity).table);
  const entries = await db.outbox.where('cid').equals(row.cid).sortBy('seq');
  const isUpdate = (e: OutboxEntry) => callOf(descriptorOf(e.entity), e.op).effect === 'update';
  const movable = entries.filter((e) => (e.status === 'queued' || e.seq === options.inFlight) && isUpdate(e));
  const mine = Object.assign({}, ...movable.map((e) => e.payload)) as Fields;
  const merge = threeWayMerge((row._base ?? null) as Fields | null, mine, theirs);
  const contested = merge.kind === 'conflict' ? merge.fields : [];
  if (contested.length > 0) {
    await db.conflicts.add({
      entity,
      cid: row.cid,
      base: (row._base ?? null) as Fields | null,
      mine: Object.fromEntries(contested.map((f) => [f, mine[f]])),
      theirs,
      createdAt: options.now,
    });
  }
  const rest: Fields = {};
  let queued = entries.length - movable.length;
  for (const entry of movable) {
    const payload = Object.fromEntries(Object.entries(entry.payload).filter(([f]) => !contested.includes(f)));
    Object.assign(rest, payload);
    if (Object.keys(payload).length === 0) {
      await db.outbox.delete(entry.seq!);
      continue;
    }
    queued++;
    // The entry answered 409 wrote nothing: it goes again under a new key.
    const changed = entry.seq === options.inFlight || Object.keys(payload).length !== Object.keys(entry.payload).length;
    await db.outbox.update(entry.seq!, {
      payload,
      status: 'queued',
      lastError: null,
      baseUpdatedAt: (theirs.updated_at as string | undefined) ?? null,
      ...(changed ? { mutationId: crypto.randomUUID(), sent: false } : {}),
    });
  }
  const open = contested.length > 0 || (await db.conflicts.where('cid').equals(row.cid).count()) > 0;
  await table.put({
    ...row,
    ...theirs,
    ...rest,
    cid: row.cid,
    _base: theirs,
    _sync: open ? 'conflict' : queued ? 'pending' : 'synced',
  });
  return { contested, queued };
}
