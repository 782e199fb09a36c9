import type { AppDb, LocalRow } from '../db/app-db';
import { currentDb } from '../device/session';
import { buildPath } from '../contract/endpoints';
import { rebaseQueued } from '../engine/rebase';
import { compareStamps, type Fields } from '../engine/reconcile';
import { appTransport, type Transport } from '../net/transport';

/** How long the edit form waits for GET /child_edit/{id} before opening from the device. */
export const CHILD_EDIT_TIMEOUT_MS = 10_000;

/**
 * What asking the server before the edit form opens found: `newer` wrote the server's
 * record to the device (the row is the one to edit), `current` found nothing newer,
 * `local` a child the server has not got yet, `failed` no answer in time (the form opens
 * from the device, as offline).
 */
export type ChildEditRefresh =
  { outcome: 'newer'; row: LocalRow } | { outcome: 'current' | 'local' | 'failed'; row: LocalRow | null };

type Deps = { db: AppDb; transport: Transport; now?: () => number };

/**
 * GET /child_edit/{id} (spec part 1 section 7) as the child's edit form opens online: when
 * the server's record is newer than the one the device last had (`_base.updated_at`), it
 * is written as a pull writes it (R17): a row with nothing queued takes it whole; queued
 * changes are rebased onto it, never overwritten, and fields changed on both sides go to
 * the review queue; a queued delete is left to its replay (R13 judges it there).
 */
export async function refreshChildForEdit(
  cid: string,
  deps: Deps = { db: currentDb(), transport: appTransport() },
): Promise<ChildEditRefresh> {
  const { db, transport } = deps;
  const table = db.entity('children');
  const before = (await table.get(cid)) ?? null;
  if (!before || typeof before.id !== 'number') return { outcome: 'local', row: before };
  let theirs: Fields | undefined;
  try {
    const answer = await transport.request<Fields>('GET', buildPath('childEdit', { id: before.id }), {
      timeoutMs: CHILD_EDIT_TIMEOUT_MS,
    });
    theirs = answer.data;
  } catch {
    return { outcome: 'failed', row: before };
  }
  if (!theirs || theirs.id !== before.id) return { outcome: 'failed', row: before };
  const server = theirs;
  const now = (deps.now ?? Date.now)();
  const written = await db.transaction('rw', [table, db.outbox, db.conflicts], async () => {
    const row = await table.get(cid);
    if (!row) return null;
    if ((compareStamps(server.updated_at, (row._base as Fields | null)?.updated_at) ?? 0) <= 0) return null;
    const queued = await db.outbox.where('cid').equals(cid).toArray();
    if (queued.length === 0) {
      // An open conflict stays open, now against the newest server version (as a pull does).
      const conflicts = db.conflicts.where('cid').equals(cid);
      const open = (await conflicts.count()) > 0;
      if (open) await conflicts.modify({ theirs: server });
      const taken = { ...server, cid, _base: server, _sync: open ? 'conflict' : 'synced' } as LocalRow;
      await table.put(taken);
      return taken;
    }
    if (row._deleted) return null;
    await rebaseQueued(db, 'children', row, server, { now });
    return (await table.get(cid)) ?? null;
  });
  return written ? { outcome: 'newer', row: written } : { outcome: 'current', row: (await table.get(cid)) ?? null };
}
