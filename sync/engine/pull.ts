import type { Table } from 'dexie';
import { sameJson } from '../db/same-json';
import { UNSENT_STATES, type AppDb, type LocalRow, type OutboxEntry } from '../db/app-db';
import { callOf, descriptorOf, resolveCall, type EntityDescriptor, type EntityName } from '../entities/registry';
import { compareStamps, type Fields } from './reconcile';
import { rebaseQueued } from './rebase';
import { LAST_SENT } from './marks';
import { requestTimeouts, type Transport } from '../net/transport';
import { pageRetry, retryUnanswered } from '../net/retry';
import { buildPath, type DeltaCursor as Cursor, type Envelope, type SyncBlock } from '../contract';

export type PullDeps = {
  db: AppDb;
  transport: Transport;
  perPage?: number;
  now?: () => number;
  /** Path parameters of list calls that name them (notifyList's `:centerId`: the signed-in user's center). */
  listParams?: Record<string, string | number>;
  /** Told after each page is stored: the collection and how many of its records have come. */
  onProgress?: (collection: EntityName, rows: number) => void;
  /** 0..1 for the jitter of a page's retries (tests: 0, no waits). */
  random?: () => number;
};

export type ServerRow = Fields & { id: number; updated_at?: string };
/** `total`: how many records a full listing said it holds when this page was read. */
type Page = {
  rows: ServerRow[];
  deleted: number[];
  next: Cursor | null;
  /** Where the next pull starts once this page is applied, when the server says (R22). */
  cursor?: Cursor;
  delta: boolean;
  lastPage: number;
  total?: number;
  /** When (device clock) the page was asked for; unset for rows read outside a pull. */
  requestedAt?: number;
};

export type PullResult = {
  collection: EntityName;
  rows: number;
  deleted: number;
  conflicts: number;
  mode: 'delta' | 'full';
};

const EPOCH: Cursor = { updated_since: '1970-01-01T00:00:00.000Z', after_id: 0 };

/** A server record as a local row: `cid` is derived from the id for records born on the server. */
export const serverCid = (id: number): string => `s${id}`;

async function fetchPage(deps: PullDeps, descriptor: EntityDescriptor, cursor: Cursor, page: number): Promise<Page> {
  const perPage = deps.perPage ?? 500;
  const params = {
    updated_since: cursor.updated_since,
    after_id: cursor.after_id,
    ...(cursor.after_change === undefined ? {} : { after_change: cursor.after_change }),
    per_page: perPage,
    page,
  };
  const list = resolveCall(descriptor.list);
  // Path parameters of a list (notifyList's :centerId) come from the signed-in user.
  const path = buildPath(descriptor.list.endpoint, (deps.listParams ?? {}) as never);
  const requestedAt = (deps.now ?? Date.now)();
  // A page the server does not answer in time is asked again after a backoff; only when
  // every try fails does the run end, as a connection too slow for now (a retryable error).
  const envelope = (await retryUnanswered(
    () =>
      deps.transport.request<ServerRow[]>(list.method, path, {
        searchParams: params,
        ...(list.kind === 'json' ? { json: {} } : {}),
        timeoutMs: requestTimeouts.pageMs,
      }),
    { ...pageRetry, random: deps.random },
  )) as Envelope<ServerRow[]> & { sync?: Partial<SyncBlock> };
  const rows = envelope.data ?? [];
  if (envelope.sync) {
    return {
      rows,
      deleted: envelope.sync.deleted ?? [],
      next: envelope.sync.next ?? null,
      ...(envelope.sync.cursor ? { cursor: envelope.sync.cursor } : {}),
      delta: true,
      lastPage: 1,
      requestedAt,
    };
  }
  return {
    rows,
    deleted: [],
    next: null,
    delta: false,
    lastPage: envelope.pagination?.last_page ?? 1,
    total: envelope.pagination?.total,
    requestedAt,
  };
}

/** Pages asked for and not yet applied, at most (readPages). */
export const READ_AHEAD = 3;

/**
 * The pages of one pull, in order; null after the last. Each is asked for as soon as the one
 * before it has come (a delta page names the next one's cursor), while the pages before are
 * still being written: the server makes the next pages while the device writes this one.
 * At most READ_AHEAD pages wait in memory. A page that failed fails its turn, and nothing
 * after it is asked for.
 */
function readPages(deps: PullDeps, descriptor: EntityDescriptor, start: Cursor): () => Promise<Page | null> {
  const asked: Array<Promise<Page | null>> = [];
  let stalled: (() => void) | null = null;
  const ask = (cursor: Cursor, pageNo: number) => {
    const page = fetchPage(deps, descriptor, cursor, pageNo);
    asked.push(page);
    // Runs before whoever waits for this page goes on, so the queue is never found empty.
    page.then(
      (p) => {
        const more = p.delta ? p.next !== null && p.rows.length > 0 : pageNo < p.lastPage;
        if (!more) return void asked.push(Promise.resolve(null));
        const next = () => ask(p.delta ? p.next! : cursor, pageNo + 1);
        if (asked.length < READ_AHEAD) next();
        else stalled = next;
      },
      () => undefined, // its turn gives the failure
    );
  };
  ask(start, 1);
  return () => {
    const page = asked.shift()!;
    const resume = stalled;
    stalled = null;
    resume?.();
    return page;
  };
}

/**
 * Pulls one collection (R15-R18): delta pages by keyset when the server supports it,
 * otherwise every page and a diff. The next pages are asked for while the one before
 * is written (readPages); each page and the cursor after it are one transaction.
 */
export async function pullCollection(deps: PullDeps, entity: EntityName): Promise<PullResult> {
  const { db } = deps;
  const descriptor = descriptorOf(entity);
  const state = await db.syncState.get(entity);
  const start: Cursor = state?.cursor ? (JSON.parse(state.cursor) as Cursor) : EPOCH;
  const result: PullResult = { collection: entity, rows: 0, deleted: 0, conflicts: 0, mode: 'delta' };
  const seen = new Set<number>();
  const totals = new Set<number | undefined>();

  // R16 removes what a full pull did not list; a record the replay created or changed while
  // the pages were read may be missing from them, so a pull that saw a write answered skips
  // the removal (the next one does it).
  const sentBefore = (await db.syncState.get(LAST_SENT))?.lastPullAt ?? null;
  let cursor = start;
  const nextPage = readPages(deps, descriptor, start);
  for (let page = await nextPage(); page; page = await nextPage()) {
    const last = page.rows.at(-1);
    // R22: the server's cursor when it gives one (it may move past rows this page did not
    // list, up to its horizon); otherwise the last row's (updated_at, id).
    if (page.delta && page.cursor) cursor = page.cursor;
    else if (page.delta && last?.updated_at) cursor = { updated_since: last.updated_at, after_id: last.id };
    if (!page.delta) result.mode = 'full';
    page.rows.forEach((r) => seen.add(r.id));
    if (!page.delta) totals.add(page.total);
    const applied = await applyPage(db, descriptor, entity, page, page.delta ? cursor : null);
    result.rows += page.rows.length;
    result.deleted += applied.deleted;
    result.conflicts += applied.conflicts;
    deps.onProgress?.(entity, result.rows);
  }
  if (result.mode === 'full') {
    // Pages by offset shift when records are added or removed while they are read (by
    // another device): a record may then be on no page read. Such a listing removes only
    // what the previous full pull missed too.
    const [total] = totals;
    const steady = totals.size === 1 && total !== undefined && total === seen.size;
    result.deleted += await removeMissing(db, descriptor, entity, seen, steady, sentBefore);
  }
  const saved = await db.syncState.get(entity);
  await db.syncState.put({ collection: entity, cursor: saved?.cursor ?? null, lastPullAt: (deps.now ?? Date.now)() });
  return result;
}

/** A queued delete, whatever its operation is called (history's Centers table deletes with 'center_delete'). */
const isDelete = (entry: OutboxEntry) => callOf(descriptorOf(entry.entity), entry.op).effect === 'delete';

/** What the device holds for a page's ids: local rows, their queued entries in order, open conflicts. */
type PageState = {
  locals: Map<number, LocalRow>;
  queuedByCid: Map<string, OutboxEntry[]>;
  conflicted: Set<string>;
};

async function readPageState(db: AppDb, table: Table<LocalRow, string>, page: Page): Promise<PageState> {
  const ids = [...page.rows.map((r) => r.id), ...page.deleted];
  const locals = new Map<number, LocalRow>();
  for (const row of await table.where('id').anyOf(ids).toArray()) locals.set(row.id as number, row);
  const touchedCids = [...locals.values()].map((r) => r.cid);
  const entries = touchedCids.length ? await db.outbox.where('cid').anyOf(touchedCids).sortBy('seq') : [];
  const queuedByCid = new Map<string, OutboxEntry[]>();
  for (const e of entries) queuedByCid.set(e.cid, [...(queuedByCid.get(e.cid) ?? []), e]);
  const conflicted = new Set(
    (touchedCids.length ? await db.conflicts.where('cid').anyOf(touchedCids).toArray() : []).map((c) => c.cid),
  );
  return { locals, queuedByCid, conflicted };
}

/** How a server row meets the device's copy. */
type RowCase =
  | { kind: 'stale' }
  | { kind: 'take'; state: 'synced' | 'conflict' }
  | { kind: 'delete-conflict'; local: LocalRow; queued: OutboxEntry[] }
  | { kind: 'rebase'; local: LocalRow };

function classifyRow(state: PageState, server: ServerRow, page: Page): RowCase {
  const local = state.locals.get(server.id);
  // A page read before the device's own write was answered carries the older record: the
  // device already holds a newer one (its base), which stays. Taken, it would show the old
  // values until the next pull, and the next edit or delete would be sent against a base
  // the server no longer has: a conflict with itself (R11, R13).
  if (local && (compareStamps((local._base as Fields | null)?.updated_at, server.updated_at) ?? 0) > 0)
    return { kind: 'stale' };
  // The same for a full page asked before the server accepted the device's write, where
  // the answer brought no record to compare stamps with (a spec backend's `{ success,
  // message }`). Only full pages: the next one reads every record again, while a delta
  // cursor moves past what it leaves.
  if (local && !page.delta && page.requestedAt !== undefined && (local._answeredAt ?? 0) > page.requestedAt)
    return { kind: 'stale' };
  const queued = local ? state.queuedByCid.get(local.cid) : undefined;
  if (!local || !queued?.length)
    return { kind: 'take', state: local && state.conflicted.has(local.cid) ? 'conflict' : 'synced' };
  // R13: a queued delete of a record changed on the server is a conflict, not a rebase.
  const baseStamp = (local._base as Fields | null)?.updated_at;
  if (queued.some(isDelete) && baseStamp !== server.updated_at) return { kind: 'delete-conflict', local, queued };
  // R17: queued local changes are rebased onto the server's record, never overwritten.
  return { kind: 'rebase', local };
}

/** The row a server record becomes when nothing is queued for it. */
function takenRow(state: PageState, server: ServerRow, sync: 'synced' | 'conflict'): LocalRow {
  const local = state.locals.get(server.id);
  return { ...server, cid: local?.cid ?? serverCid(server.id), _base: server, _sync: sync };
}

/**
 * Applies a server row that meets queued changes; returns the row to put, if any, and
 * whether it opened a conflict. Every path awaits IndexedDB first: inside a Dexie
 * transaction only Dexie's promises may be awaited, or it commits early.
 */
async function applyQueued(
  db: AppDb,
  collection: EntityName,
  verdict: Exclude<RowCase, { kind: 'take' | 'stale' }>,
  server: ServerRow,
): Promise<{ put?: LocalRow; conflict: boolean }> {
  if (verdict.kind === 'rebase') {
    const result = await rebaseQueued(db, collection, verdict.local, server, { now: Date.now() });
    return { conflict: result.contested.length > 0 };
  }
  const { local, queued } = verdict;
  await db.conflicts.add({
    entity: collection,
    cid: local.cid,
    base: local._base ?? null,
    mine: { _delete: true },
    theirs: server,
    createdAt: Date.now(),
  });
  for (const e of queued) if (e.status !== 'sending') await db.outbox.delete(e.seq!);
  return {
    put: { ...local, ...server, cid: local.cid, _base: server, _deleted: 0, _sync: 'conflict' },
    conflict: true,
  };
}

/** Applies one tombstone of a row the device holds: gone here too, unless queued edits make it a conflict (R13). */
async function applyDeleted(
  db: AppDb,
  table: Table<LocalRow, string>,
  collection: EntityName,
  state: PageState,
  local: LocalRow,
): Promise<'deleted' | 'conflict'> {
  const queued = state.queuedByCid.get(local.cid) ?? [];
  if (queued.length === 0 || queued.every(isDelete)) {
    await table.delete(local.cid);
    for (const e of queued) await db.outbox.delete(e.seq!);
    return 'deleted';
  }
  // R13: edited here, deleted there.
  await db.conflicts.add({
    entity: collection,
    cid: local.cid,
    base: local._base ?? null,
    mine: Object.assign({}, ...queued.map((e) => e.payload)),
    theirs: null,
    createdAt: Date.now(),
  });
  for (const e of queued) await db.outbox.delete(e.seq!);
  await table.update(local.cid, { _sync: 'conflict' });
  return 'conflict';
}

/** One page and the cursor after it, in one transaction (R15). */
async function applyPage(
  db: AppDb,
  descriptor: EntityDescriptor,
  collection: EntityName,
  page: Page,
  cursor: Cursor | null,
) {
  const table = db.entity(descriptor.table);
  let conflicts = 0;
  let deleted = 0;
  await db.transaction('rw', [table, db.outbox, db.conflicts, db.syncState], async () => {
    const state = await readPageState(db, table, page);
    const puts: LocalRow[] = [];
    for (const server of page.rows) {
      const verdict = classifyRow(state, server, page);
      if (verdict.kind === 'stale') continue;
      if (verdict.kind === 'take') {
        // A listing without a cursor (a spec backend's) brings every record again each sync:
        // one the device already holds as it is is not written again, or every screen's live
        // query, the child list's search index and the kept counts would redo their work for
        // the whole table every 30 s, for nothing (R16).
        const taken = takenRow(state, server, verdict.state);
        if (!sameJson(state.locals.get(server.id), taken)) puts.push(taken);
        // An open conflict compares against the newest server version, not the one seen at the
        // 409; a page read before that version (a full page asked before another device's save,
        // answered after the device read the record to decide the conflict) leaves it.
        if (verdict.state === 'conflict')
          await db.conflicts
            .where('cid')
            .equals(state.locals.get(server.id)!.cid)
            .modify((conflict) => {
              const seen = (conflict.theirs as Fields | null)?.updated_at;
              if ((compareStamps(seen, server.updated_at) ?? 0) <= 0) conflict.theirs = server;
            });
        continue;
      }
      const applied = await applyQueued(db, collection, verdict, server);
      if (applied.put) puts.push(applied.put);
      if (applied.conflict) conflicts++;
    }
    if (puts.length) await table.bulkPut(puts);
    for (const id of page.deleted) {
      const local = state.locals.get(id);
      if (!local) continue;
      if ((await applyDeleted(db, table, collection, state, local)) === 'deleted') deleted++;
      else conflicts++;
    }
    if (cursor) {
      const saved = await db.syncState.get(collection);
      await db.syncState.put({ collection, cursor: JSON.stringify(cursor), lastPullAt: saved?.lastPullAt ?? null });
    }
  });
  return { conflicts, deleted };
}

/**
 * Server rows read outside a pull (a child's records through its documented per-child
 * calls) written with the page logic of the pull: a row with nothing queued takes the
 * server's record, queued changes are rebased onto it and never overwritten (R17), a
 * queued delete of a changed record is a conflict (R13). No cursor moves.
 */
export async function applyServerRows(
  db: AppDb,
  entity: EntityName,
  rows: ServerRow[],
): Promise<{ conflicts: number }> {
  const page: Page = { rows, deleted: [], next: null, delta: false, lastPage: 1 };
  const { conflicts } = await applyPage(db, descriptorOf(entity), entity, page, null);
  return { conflicts };
}

/**
 * Records the server answered as gone outside a pull (a documented view's 404): removed as a
 * pull's tombstones are, so a record with queued edits becomes a conflict (R13).
 */
export async function applyServerDeletions(
  db: AppDb,
  entity: EntityName,
  ids: number[],
): Promise<{ deleted: number; conflicts: number }> {
  const page: Page = { rows: [], deleted: ids, next: null, delta: false, lastPage: 1 };
  return applyPage(db, descriptorOf(entity), entity, page, null);
}

/** The syncState row of the ids a collection's last full pull did not list (kept, not yet removed). */
export const unlistedKey = (collection: EntityName) => `__unlisted:${collection}`;

/**
 * R16: after a full pull, synced rows the server no longer lists are gone there. After a
 * listing that moved while it was read (`steady` false), only the rows the previous full
 * pull did not list either are removed; the others are remembered for the next one.
 */
async function removeMissing(
  db: AppDb,
  descriptor: EntityDescriptor,
  collection: EntityName,
  seen: Set<number>,
  steady: boolean,
  sentBefore: number | null,
): Promise<number> {
  const table = db.entity(descriptor.table);
  const key = unlistedKey(collection);
  return db.transaction('rw', [table, db.syncState], async () => {
    // Asked inside the transaction that removes: a replay's answer (its id written back and
    // LAST_SENT moved, in one transaction) then lands either wholly before this read, and
    // the removal waits for the next pull, or wholly after the removal.
    if (((await db.syncState.get(LAST_SENT))?.lastPullAt ?? null) !== sentBefore) return 0;
    // Keys only (index reads): a head office device holds every center's rows, and reading
    // them whole here would cost as much as the pull itself.
    // The `_sync` index holds the rows with unsent changes only (app-db.ts unreadIndexFields).
    const [ids, cids, unsent] = await Promise.all([
      table.orderBy('id').keys() as Promise<number[]>,
      table.orderBy('id').primaryKeys(),
      table.where('_sync').anyOf(UNSENT_STATES).primaryKeys(),
    ]);
    const isUnsent = new Set(unsent);
    const unlisted = ids.flatMap((id, i) => (!isUnsent.has(cids[i]) && !seen.has(id) ? [{ id, cid: cids[i] }] : []));
    const before = new Set<number>(JSON.parse((await db.syncState.get(key))?.cursor ?? '[]') as number[]);
    const gone = steady ? unlisted : unlisted.filter((r) => before.has(r.id));
    const kept = unlisted.filter((r) => !gone.includes(r)).map((r) => r.id);
    await table.bulkDelete(gone.map((r) => r.cid));
    if (kept.length || before.size)
      await db.syncState.put({ collection: key, cursor: JSON.stringify(kept), lastPullAt: null });
    return gone.length;
  });
}
