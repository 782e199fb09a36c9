import type { AppDb, LocalRow } from '../db/app-db';
import { currentDb } from '../device/session';
import { apiUrl } from '../net/config';
import { appTransport, type Transport } from '../net/transport';
import { readMissingExtensions } from '../engine/missing-extensions';
import { applyServerRows, type ServerRow } from '../engine/pull';

/*
 * What the device keeps of a child's records read per child (child-records-online.ts): the
 * rows, written as a pull page is (R13, R17) with the synced rows an answer no longer lists
 * removed (R16), and per child and server when they came (a syncState row: like a
 * collection's, it says when the server was last read for it, and goes with the device's
 * database at sign-out).
 */

/** A local table of a child's records, named as the collection our extension would pull. */
export type ChildPart = 'history' | 'activityLogs' | 'documents';
export const childParts: readonly ChildPart[] = ['history', 'activityLogs', 'documents'];

export type ChildRecordsDeps = { db: AppDb; transport: Transport; server: string; now?: () => number };

export const appDeps = (): ChildRecordsDeps => ({ db: currentDb(), transport: appTransport(), server: apiUrl() });

/** The parts of a child's records this server does not bring in bulk (its missing extensions). */
export async function perChildParts(db: AppDb, server: string): Promise<ChildPart[]> {
  const { missing } = await readMissingExtensions(db, server);
  return childParts.filter((part) => missing.includes(part));
}

/** The syncState key remembering when a child's records were read from `server`. */
export const childRecordsKey = (server: string, childId: number): string => `__child_records:${server}:${childId}`;

/** What the device remembers of a child's per-child read: when it came, which parts, when last tried. */
export type ChildRecordsFetch = { fetchedAt: number | null; parts: ChildPart[]; attemptedAt: number | null };

export type KeptFetch = { parts?: ChildPart[]; attemptedAt?: number };

export function readFetch(row: { cursor: string | null; lastPullAt: number | null } | undefined): ChildRecordsFetch {
  const kept = (row?.cursor ? JSON.parse(row.cursor) : {}) as KeptFetch;
  return { fetchedAt: row?.lastPullAt ?? null, parts: kept.parts ?? [], attemptedAt: kept.attemptedAt ?? null };
}

/** When this child's records were last read per child from the signed-in server (null: never). */
export async function childRecordsFetched(childId: number, deps: ChildRecordsDeps = appDeps()) {
  return readFetch(await deps.db.syncState.get(childRecordsKey(deps.server, childId)));
}

/** What the answers of one part listed, and which of its rows they list in full. */
export type PartAnswer = {
  rows: ServerRow[];
  /** Whether the whole part was listed (activity log, documents). */
  whole: boolean;
  /** History statuses whose entries were listed in full. */
  statuses: ReadonlySet<string>;
};

/**
 * Writes a part's answers for one child: every row as a pull page is written, then the
 * child's synced rows the answers cover but no longer list are removed (R16). A row with
 * queued changes or an open conflict stays, whatever the server lists.
 */
export async function mergeChildPart(
  db: AppDb,
  part: ChildPart,
  child: { cid?: string; id: number },
  answer: PartAnswer,
): Promise<{ removed: number; conflicts: number }> {
  const unique = new Map<number, ServerRow>();
  for (const row of answer.rows) unique.set(row.id, row);
  const { conflicts } = unique.size ? await applyServerRows(db, part, [...unique.values()]) : { conflicts: 0 };
  if (!answer.whole && answer.statuses.size === 0) return { removed: 0, conflicts };
  const table = db.entity(part);
  const keys = child.cid ? [child.cid, child.id] : [child.id];
  const removed = await db.transaction('rw', [table, db.outbox], async () => {
    const candidates = (await table.where('childregId').anyOf(keys).toArray()).filter(
      (r: LocalRow) =>
        r._sync === 'synced' &&
        typeof r.id === 'number' &&
        !unique.has(r.id) &&
        (answer.whole || answer.statuses.has(String(r.history_status ?? ''))),
    );
    const queued = new Set(
      candidates.length
        ? (
            await db.outbox
              .where('cid')
              .anyOf(candidates.map((r) => r.cid))
              .toArray()
          ).map((e) => e.cid)
        : [],
    );
    const gone = candidates.filter((r) => !queued.has(r.cid)).map((r) => r.cid);
    await table.bulkDelete(gone);
    return gone.length;
  });
  return { removed, conflicts };
}
