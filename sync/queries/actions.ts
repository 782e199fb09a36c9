import { currentDb } from '../device/session';
import { exitStatuses, historyGroups } from '../contract';
import type { LocalEntry } from '../entities/history';
export type { LocalEntry };

/*
 * The profile's history tables over the device (spec part 1 section 2, the profile side menu): a child's history entries by
 * table, its activity log and documents, newest first. A child created offline is
 * referenced by its cid until its create succeeds (R8), so both keys are asked.
 */

/** A child's two keys: its cid, and its server id once known. */
export type ChildKeys = { cid: string; id?: number | null };

/** A history table of the profile and the statuses it lists. */
export type HistoryTable = { title: string; statuses: readonly string[] };

/** Statuses of the Escort/Exit table: after one of them the child has left. */
export const escortExitStatuses: readonly string[] = exitStatuses;

const group = (key: string): HistoryTable => historyGroups[key]!;

/** The profile's history tables: the contract's groups, under the names the profile uses. */
export const historyTables = {
  restore: group('restoration'),
  restorationFollowUp: group('restoration_follow_up'),
  medical: group('medical_issue'),
  education: group('education'),
  mhp: group('mhp'),
  sps: group('social_protection_scheme'),
  followUps: group('follow_up'),
  centers: group('transfer'),
  escortExit: group('escort_exit'),
} as const satisfies Record<string, HistoryTable>;
export type HistoryTableKey = keyof typeof historyTables;

const keysOf = (child: ChildKeys): (string | number)[] =>
  child.id !== undefined && child.id !== null ? [child.cid, child.id] : [child.cid];

/** Newest first: rows still waiting for the server (no created_at) come first, in the order saved. */
const newestFirst = (a: LocalEntry, b: LocalEntry) => {
  if (!a.created_at || !b.created_at) return a.created_at ? 1 : b.created_at ? -1 : 0;
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : Number(b.id ?? 0) - Number(a.id ?? 0);
};

async function rowsOf(table: 'history' | 'activityLogs' | 'documents', child: ChildKeys): Promise<LocalEntry[]> {
  const rows = (await currentDb().entity(table).where('childregId').anyOf(keysOf(child)).toArray()) as LocalEntry[];
  return rows.filter((r) => !r._deleted).sort(newestFirst);
}

/** A child's entries of one history table, newest first. */
export async function listChildHistory(child: ChildKeys, statuses: readonly string[]): Promise<LocalEntry[]> {
  return (await rowsOf('history', child)).filter((r) => statuses.includes(String(r.history_status ?? '')));
}

/** The child's activity log, newest first. */
export const listChildActivity = (child: ChildKeys): Promise<LocalEntry[]> => rowsOf('activityLogs', child);

/** The child's documents, newest first. */
export const listChildDocuments = (child: ChildKeys): Promise<LocalEntry[]> => rowsOf('documents', child);

/** The newest status of all the child's history on the device (pending entries included). */
export async function latestChildStatus(child: ChildKeys): Promise<string | null> {
  const [newest] = await rowsOf('history', child);
  return newest?.history_status ?? null;
}
