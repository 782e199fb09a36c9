import type { DBCoreTable } from 'dexie';
import { unreadIndexFields, type AppDb } from './app-db';
import { sessionDb, type KeyringRow } from './session-db';
import { isSealed, requireDataKey, sealRow } from './seal';
import { clearFieldsOf } from './seal-middleware';

/*
 * A database from before sealing (v12 and earlier) is sealed in place at its first unlock
 * (DESIGN: Security on the device): table by table, a batch of rows at a time, each batch
 * one transaction, with how far it came kept in the keyring (`sealedThrough`), so a tab
 * closed half way goes on from there at the next unlock. Until then the rows not reached
 * are read as they are; every write seals its row, so a row is never sealed from a stale
 * read. Nothing is removed: an outbox entry is the same entry sealed.
 */

export const SEAL_BATCH = 500;

type Key = string | number;
type Progress = NonNullable<KeyringRow['sealedThrough']>;

const RANGE = 2; // DBCoreRangeType.Range
const ANY = 3; // DBCoreRangeType.Any

/** Files stored as a Blob before sealing: their bytes, read outside any transaction (they are read asynchronously). */
async function withBytes(rows: Record<string, unknown>[]): Promise<Map<unknown, Uint8Array>> {
  const bytes = new Map<unknown, Uint8Array>();
  for (const row of rows) {
    if (row.blob instanceof Blob) bytes.set(row.key, new Uint8Array(await row.blob.arrayBuffer()));
  }
  return bytes;
}

async function saveProgress(db: AppDb, sealedThrough: Progress): Promise<void> {
  await sessionDb.keyrings.update(db.name, { sealedThrough });
}

/**
 * Seals what is still in clear in `db`, from where the last run stopped. `afterBatch` is
 * called after each batch is committed (tests stop a run there).
 */
export async function sealExisting(
  db: AppDb,
  options: { batch?: number; afterBatch?: () => void } = {},
): Promise<void> {
  const batch = options.batch ?? SEAL_BATCH;
  const ring = await sessionDb.keyrings.get(db.name);
  if (!ring || ring.sealedThrough === 'done') return;
  requireDataKey(db.name);
  await db.open();
  const down = db.sealedCore.down;
  if (!down) throw new Error('The seal middleware is not in place.');
  const names = db.tables
    .map((t) => t.name)
    .filter((name) => !db.clearTables.includes(name))
    .sort();
  let at = ring.sealedThrough ? Math.max(0, names.indexOf(ring.sealedThrough.table)) : 0;
  let after: Key | null = ring.sealedThrough?.after ?? null;
  for (; at < names.length; at++, after = null) {
    const name = names[at]!;
    const table: DBCoreTable = down.table(name);
    const clear = clearFieldsOf(table.schema);
    for (;;) {
      const range =
        after === null
          ? { type: ANY }
          : { type: RANGE, lower: after, lowerOpen: true, upper: undefined, upperOpen: false };
      const read = await db.transaction('r', name, (tx) =>
        table.query({
          trans: tx.idbtrans,
          values: true,
          limit: batch,
          query: { index: table.schema.primaryKey, range: range as never },
        }),
      );
      const rows = read.result as Record<string, unknown>[];
      if (rows.length === 0) break;
      const keyOf = (row: unknown) => table.schema.primaryKey.extractKey!(row) as Key;
      const clearRows = rows.filter((row) => !isSealed(row));
      const bytes = await withBytes(clearRows);
      if (clearRows.length > 0) {
        await db.transaction('rw', name, async (tx) => {
          const trans = tx.idbtrans;
          const keys = clearRows.map(keyOf);
          const now = (await table.getMany({ trans, keys })) as (Record<string, unknown> | undefined)[];
          const key = requireDataKey(db.name);
          // A row written since it was read is sealed already (every write seals), and is left.
          const values = now
            .filter((row): row is Record<string, unknown> => !!row && !isSealed(row))
            .map((row) => {
              const file = bytes.get(row.key);
              const { blob: _blob, ...rest } = row;
              return sealRow(key, file ? { ...rest, bytes: file } : row, clear, unreadIndexFields(name, row));
            });
          if (values.length > 0) await table.mutate({ trans, type: 'put', values });
        });
      }
      after = keyOf(rows[rows.length - 1]);
      await saveProgress(db, { table: name, after });
      options.afterBatch?.();
      if (rows.length < batch) break;
    }
  }
  await saveProgress(db, 'done');
}
