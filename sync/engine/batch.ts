import type { AppDb, LocalRow, RowSyncState } from '../db/app-db';
import { descriptorOf, type EntityName } from '../entities/registry';
import { isQuotaError, QUOTA_MESSAGE, type WriteResult } from './outbox';
import { serverCid } from './pull';
import type { Fields } from './reconcile';

/*
 * Batch writes: one call that creates many rows of one table (POST /bulk_update writes a
 * history entry per selected child). The entity's descriptor says `batch: true`. On the
 * device the rows are written with the outbox entry in one transaction (R1), keyed
 * `<entry cid>:<n>` so they can be found by prefix; the server answers the records it
 * made as a list, which replace the local rows (keyed by server id as a pull would key
 * them, so a later pull finds them and keeps one row each). A refused batch marks its
 * rows rejected; discarding it removes them.
 */

/** `dependsOn`: cids of records created on this device that the payload names (R6). */
export type BatchRequest = { entity: EntityName; op: string; payload: Fields; rows: Fields[]; dependsOn?: string[] };

const prefixOf = (cid: string) => `${cid}:`;

/** The local rows of the batch entry `cid`. */
export const batchRows = (db: AppDb, entity: EntityName, cid: string) =>
  db.entity(descriptorOf(entity).table).where('cid').startsWith(prefixOf(cid));

/** Writes the batch's rows, pending, and its one outbox entry in one transaction (R1, R4). */
export async function writeBatch(db: AppDb, request: BatchRequest): Promise<WriteResult> {
  const descriptor = descriptorOf(request.entity);
  const table = db.entity(descriptor.table);
  const cid = crypto.randomUUID();
  try {
    const savedAt = Date.now();
    await db.transaction('rw', [table, db.outbox, db.entity('children')], async () => {
      const rows = request.rows.map(
        (fields, i) =>
          ({ ...fields, cid: `${prefixOf(cid)}${i}`, _sync: 'pending', _base: null, _savedAt: savedAt }) as LocalRow,
      );
      await table.bulkPut(rows);
      // Each row moves what it moves when saved alone (a history entry: its child's Present Status).
      for (const row of rows) await descriptor.afterLocalWrite?.(db, row, 'create');
      await db.outbox.add({
        mutationId: crypto.randomUUID(),
        entity: request.entity,
        op: request.op,
        cid,
        payload: request.payload,
        fileKeys: [],
        baseUpdatedAt: null,
        dependsOn: request.dependsOn ?? [],
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        status: 'queued',
      });
    });
    return { ok: true, cid };
  } catch (error) {
    if (isQuotaError(error)) return { ok: false, reason: 'quota', message: QUOTA_MESSAGE };
    throw error;
  }
}

/** The server's records replace the batch's local rows; run inside the caller's transaction. */
export async function applyBatchAnswer(db: AppDb, entity: EntityName, cid: string, answer: unknown): Promise<void> {
  const table = db.entity(descriptorOf(entity).table);
  await batchRows(db, entity, cid).delete();
  const records = (Array.isArray(answer) ? answer : []) as (Fields & { id: number })[];
  const ids = records.map((r) => r.id).filter((id) => typeof id === 'number');
  // A pull may have brought them in already (the answer was lost and retried): one row each.
  await table.where('id').anyOf(ids).delete();
  await table.bulkPut(
    records
      .filter((r) => typeof r.id === 'number')
      .map((r) => ({ ...r, cid: serverCid(r.id), _base: r, _sync: 'synced' }) as LocalRow),
  );
}

/** Marks the batch's rows (rejected when refused, pending when sent again). */
export const markBatch = (db: AppDb, entity: EntityName, cid: string, state: RowSyncState) =>
  batchRows(db, entity, cid).modify({ _sync: state });
