import { isSyncError, type SyncError } from '../net/errors';
import { applyServerDeletions, applyServerRows, type ServerRow } from '../engine/pull';
import { compareStamps } from '../engine/reconcile';
import { buildPath, historyGroups, routeOf, type WireEndpointName } from '../contract';
import {
  appDeps,
  childRecordsKey,
  mergeChildPart,
  perChildParts,
  readFetch,
  type ChildPart,
  type ChildRecordsDeps,
  type KeptFetch,
  type PartAnswer,
} from './child-records-kept';

/*
 * A child's records from a backend without our bulk extensions (/history, /activitylogs,
 * /documents): read through the documented per-child calls (spec part 1 section 7):
 * /listing/{childId}/{status}, the education/medical/MHP `*_lists/{childId}`,
 * /center_history/{childId}, /activitylogs/{childId}, /documents_lists/{childId} and
 * /child_view/{id}. Each answer is written as a pull page is (R13, R17: a record with
 * queued changes is rebased, never overwritten); the child's synced rows an answer no
 * longer lists are gone on the server (R16, limited to what the answers covered). The
 * device remembers per child when this happened, so the profile says so and opens offline
 * with what was kept (DESIGN: every screen opens offline).
 */

/** How long one documented per-child call may take before it is skipped. */
export const CHILD_RECORDS_TIMEOUT_MS = 15_000;

/** One documented read of a child's records and the local rows it fills. */
type ChildCall = {
  endpoint: WireEndpointName;
  part: ChildPart;
  /** The listing status key (`/listing/{childId}/{status}`). */
  status?: string;
  /** History statuses the answer lists in full: a synced entry of these it leaves out is gone. */
  covers?: readonly string[];
  /** The call asked when this one is missing (404/405) on the server. */
  fallback?: ChildCall;
};

const listing = (status: string): ChildCall => ({
  endpoint: 'listing',
  part: 'history',
  status,
  covers: historyGroups[status]!.statuses,
});

/**
 * The history reads. Part 1 section 7 names /listing's status keys (restoration,
 * medical_issue, education, mhp, social_protection_scheme, follow_up) and the
 * education/medical/MHP list variants; the Centers table is /center_history. The profile
 * also shows Restoration Follow-Up and Escort/Exit tables, asked by their keys too: a
 * backend that does not know a key answers an error (skipped) or nothing.
 */
const historyCalls: readonly ChildCall[] = [
  { ...listing('education'), endpoint: 'educationLists', status: undefined, fallback: listing('education') },
  { ...listing('medical_issue'), endpoint: 'medicalLists', status: undefined, fallback: listing('medical_issue') },
  { ...listing('mhp'), endpoint: 'mhpLists', status: undefined, fallback: listing('mhp') },
  listing('restoration'),
  listing('social_protection_scheme'),
  listing('follow_up'),
  listing('restoration_follow_up'),
  listing('escort_exit'),
  { endpoint: 'centerHistory', part: 'history', covers: historyGroups.transfer!.statuses },
];

const recordCalls: readonly ChildCall[] = [
  ...historyCalls,
  { endpoint: 'activityLogs', part: 'activityLogs' },
  { endpoint: 'documentsLists', part: 'documents' },
];

/** A wire record with its numeric id (a Laravel backend may send "12"), or null without one. */
function withId(raw: unknown): ServerRow | null {
  if (!raw || typeof raw !== 'object') return null;
  const fields = raw as Record<string, unknown>;
  const id = Number(fields.id);
  return Number.isInteger(id) && id > 0 ? ({ ...fields, id } as ServerRow) : null;
}

/** A child's record as the local row a pull would write: numeric id, its child's id, its history status. */
function serverRowOf(raw: unknown, childId: number, status?: string): ServerRow | null {
  const row = withId(raw);
  if (!row) return null;
  const child = row.childregId;
  row.childregId =
    child === undefined || child === null || child === ''
      ? childId
      : /^\d+$/.test(String(child))
        ? Number(child)
        : child;
  if (status && (row.history_status === undefined || row.history_status === null)) row.history_status = status;
  return row;
}

/** The records of an answer: `data` as a list, or a Laravel paginator's `data.data`. */
function recordsOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  const inner = (data as { data?: unknown } | null)?.data;
  return Array.isArray(inner) ? inner : [];
}

/** A 404 for the record asked, not Laravel's for a route the backend does not have. */
const isGone = (error: SyncError) =>
  error.status === 404 && !/\broute\b.*could not be found/i.test(messageOf(error.body) ?? error.message);
const messageOf = (body: unknown) =>
  body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
    ? (body as { message: string }).message
    : undefined;

const isMissingCall = (error: unknown) => isSyncError(error) && (error.status === 404 || error.status === 405);

/** Sends one documented read of `childId` through the build's backend profile (routeOf). */
async function ask(deps: ChildRecordsDeps, endpoint: WireEndpointName, params: Record<string, string | number>) {
  const { method } = routeOf(endpoint);
  const path = (buildPath as (name: WireEndpointName, values: Record<string, string | number>) => string)(
    endpoint,
    params,
  );
  return deps.transport.request<unknown>(method, path, {
    ...(method === 'GET' ? {} : { json: {} }),
    timeoutMs: CHILD_RECORDS_TIMEOUT_MS,
  });
}

/** One call's rows, or null when the server did not answer it (any failure: skipped, never fatal). */
async function readCall(deps: ChildRecordsDeps, call: ChildCall, childId: number): Promise<ServerRow[] | null> {
  try {
    const envelope = await ask(deps, call.endpoint, { childId, ...(call.status ? { status: call.status } : {}) });
    // A record without its status is one of the table asked (the first status it lists).
    const defaultStatus = call.covers?.[0] ?? call.status;
    return recordsOf(envelope.data)
      .map((raw) => serverRowOf(raw, childId, defaultStatus))
      .filter((r): r is ServerRow => r !== null);
  } catch (error) {
    if (!isSyncError(error)) throw error;
    if (call.fallback && isMissingCall(error)) return readCall(deps, call.fallback, childId);
    return null;
  }
}

/**
 * The child's own record from /child_view/{id}: written as a pull writes it when the
 * server's is newer than the copy the device last had (R17), over the fields the list
 * page brought (the view may name fewer). Its `img_documents` are the child's documents.
 */
async function readChildView(deps: ChildRecordsDeps, childId: number): Promise<ServerRow[] | null> {
  let envelope;
  try {
    envelope = await ask(deps, 'childView', { id: childId });
  } catch (error) {
    if (!isSyncError(error)) throw error;
    // The child is gone on the server (deleted on another device): gone here too, as a
    // pull's tombstone (R13: with queued edits, a conflict to decide). A backend without
    // the route says so in its 404 and is only skipped.
    if (isGone(error)) await applyServerDeletions(deps.db, 'children', [childId]);
    return null;
  }
  const record = withId(envelope.data);
  const documents = recordsOf((envelope as { img_documents?: unknown }).img_documents)
    .map((raw) => serverRowOf(raw, childId))
    .filter((r): r is ServerRow => r !== null);
  if (record && record.id === childId) {
    const local = await deps.db.entity('children').where('id').equals(childId).first();
    const base = (local?._base ?? null) as Record<string, unknown> | null;
    if (local && (compareStamps(record.updated_at, base?.updated_at) ?? 0) > 0)
      await applyServerRows(deps.db, 'children', [{ ...base, ...record } as ServerRow]);
  }
  return documents;
}

export type ChildRecordsResult = {
  /** When the answers came (null: no call was answered; nothing changed). */
  fetchedAt: number | null;
  /** The parts read. */
  parts: ChildPart[];
  /** Calls the server did not answer (skipped). */
  skipped: number;
};

/**
 * Reads a child's records through the documented per-child calls, for the `parts` this
 * server lacks in bulk (default: perChildParts), merges them and remembers when. A call
 * that fails (404, timeout, refusal) is skipped: what it would have listed stays as kept.
 */
export async function fetchChildRecords(
  child: { cid?: string; id: number },
  deps: ChildRecordsDeps = appDeps(),
  parts?: readonly ChildPart[],
): Promise<ChildRecordsResult> {
  const wanted = parts ?? (await perChildParts(deps.db, deps.server));
  const now = deps.now ?? Date.now;
  if (wanted.length === 0) return { fetchedAt: null, parts: [], skipped: 0 };
  const calls = recordCalls.filter((c) => wanted.includes(c.part));
  const [answers, viewDocuments] = await Promise.all([
    Promise.all(calls.map((call) => readCall(deps, call, child.id))),
    readChildView(deps, child.id),
  ]);
  const merged: ChildPart[] = [];
  for (const part of wanted) {
    const answer: PartAnswer = { rows: [], whole: false, statuses: new Set() };
    const statuses = new Set<string>();
    let answered = false;
    calls.forEach((call, i) => {
      const rows = answers[i];
      if (call.part !== part || !rows) return;
      answered = true;
      answer.rows.push(...rows);
      if (call.covers) call.covers.forEach((s) => statuses.add(s));
      else answer.whole = true;
    });
    if (part === 'documents' && viewDocuments) answer.rows.push(...viewDocuments);
    if (!answered && answer.rows.length === 0) continue;
    await mergeChildPart(deps.db, part, child, { ...answer, statuses });
    merged.push(part);
  }
  const skipped = answers.filter((a) => a === null).length;
  const at = now();
  const key = childRecordsKey(deps.server, child.id);
  const before = readFetch(await deps.db.syncState.get(key));
  const fetchedAt = merged.length ? at : null;
  await deps.db.syncState.put({
    collection: key,
    cursor: JSON.stringify({ parts: merged.length ? merged : before.parts, attemptedAt: at } satisfies KeptFetch),
    lastPullAt: fetchedAt ?? before.fetchedAt,
  });
  return { fetchedAt, parts: merged, skipped };
}
