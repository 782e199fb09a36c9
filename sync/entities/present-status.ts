import type { AppDb, LocalRow } from '../db/app-db';
import { lastStatusOf, withNewestEntry, type StatusEntry } from '../contract';

/*
 * Present Status on the device (spec part 1 section 4: "each action writes the child's history, which
 * moves Present Status"). The server recomputes a child's last_status from its history;
 * a history row saved offline moves the child row's copy at once, in the same
 * transaction, with the contract's rule. The next pull of the child replaces it with
 * the server's, which the same rule made.
 */

type Effect = 'create' | 'update' | 'delete';

/** Runs inside writeLocal's transaction, which holds the row's table and `children`. */
export type AfterLocalWrite = (db: AppDb, row: LocalRow, effect: Effect) => Promise<void>;

async function childOf(db: AppDb, ref: unknown): Promise<LocalRow | undefined> {
  const children = db.entity('children');
  if (typeof ref === 'number') return children.where('id').equals(ref).first();
  return typeof ref === 'string' ? children.get(ref) : undefined;
}

/** Oldest first, as the server folds them: synced rows by creation, then rows still waiting. */
const oldestFirst = (a: LocalRow, b: LocalRow) => {
  const [ca, cb] = [a.created_at as string | undefined, b.created_at as string | undefined];
  if (!ca || !cb) return ca ? -1 : cb ? 1 : 0;
  return ca < cb ? -1 : ca > cb ? 1 : Number(a.id ?? 0) - Number(b.id ?? 0);
};

/**
 * After a history row is written here: a new entry is the child's newest; an edit or a
 * delete folds the child's live history on the device again.
 */
export const historyMovesPresentStatus: AfterLocalWrite = async (db, row, effect) => {
  const child = await childOf(db, row.childregId);
  if (!child) return;
  let next;
  if (effect === 'create') {
    if (typeof row.history_status !== 'string' || !row.history_status) return;
    next = withNewestEntry(child.last_status as StatusEntry | null, row as unknown as StatusEntry);
  } else {
    const keys = child.id !== undefined && child.id !== null ? [child.cid, child.id] : [child.cid];
    const rows = await db.entity('history').where('childregId').anyOf(keys).toArray();
    next = lastStatusOf(
      rows
        .filter((r) => !r._deleted && typeof r.history_status === 'string')
        .sort(oldestFirst) as unknown as StatusEntry[],
    );
  }
  await db.entity('children').update(child.cid, { last_status: next });
};

/**
 * A CWC produce or refer saved here sets the child's flag and moves Present Status; the
 * server writes its produceToCwc / referFromCwc entry. Until that entry is pulled, the
 * device report counts the unsent record in its place (unsentCwcEntries, rules/report.ts).
 */
export const cwcMovesPresentStatus =
  (status: 'produceToCwc' | 'referFromCwc', flag: 'produce_cwc' | 'refer_cwc'): AfterLocalWrite =>
  async (db, row, effect) => {
    if (effect !== 'create') return;
    const child = await childOf(db, row.childregId);
    if (!child) return;
    const entry: StatusEntry = {
      history_status: status,
      transfer_date: row.transfer_date as string | null,
      comment: (row.comment as string | undefined) ?? null,
    };
    await db
      .entity('children')
      .update(child.cid, { [flag]: 1, last_status: withNewestEntry(child.last_status as StatusEntry | null, entry) });
  };
