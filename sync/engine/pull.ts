import type { AppDb, LocalRow, OutboxEntry } from '../db/app-db';
import { callOf, descriptorOf, resolveCall, type EntityDescriptor } from '../entities/registry';
import type { Fields } from './reconcile';
import { rebaseQueued } from './rebase';
import type { Transport } from '../net/transport';
import { buildPath, type Envelope } from '../contract';

export type PullDeps = {
  db: AppDb;
  transport: Transport;
  perPage?: number;
  now?: () => number;
  /** Path parameters of list calls that name them (notifyList's `:centerId`: the signed-in user's center). */
  listParams?: Record<string, string | number>;
};

type Cursor = { updated_since: string; after_id: number };
type SyncBlock = { deleted?: number[]; next?: Cursor | null };
type ServerRow = Fields & { id: number; updated_at?: string };
type Page = { rows: ServerRow[]; deleted: number[]; next: Cursor | null; delta: boolean; lastPage: number };

export type PullResult = {
  collection: string;
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
  const params = { updated_since: cursor.updated_since, after_id: cursor.after_id, per_page: perPage, page };
  const list = resolveCall(descriptor.list);
  // Path parameters of a list (notifyList's :centerId) come from the signed-in user.
  const path = buildPath(descriptor.list.endpoint, (deps.listParams ?? {}) as never);
  const envelope = (await deps.transport.request<ServerRow[]>(list.method, path, {
    searchParams: params,
    ...(list.kind === 'json' ? { json: {} } : {}),
    timeoutMs: 60_000,
  })) as Envelope<ServerRow[]> & { sync?: SyncBlock };
  const rows = envelope.data ?? [];
  if (envelope.sync) {
    return { rows, deleted: envelope.sync.deleted ?? [], next: envelope.sync.next ?? null, delta: true, lastPage: 1 };
  }
  return { rows, deleted: [], next: null, delta: false, lastPage: envelope.pagination?.last_page ?? 1 };
}

/**
 * Pulls one collection (R15-R18): delta pages by keyset when the server supports it,
 * otherwise every page and a diff. The next page is fetched while the previous one
 * is written; each page and the cursor after it are one transaction.
 */
export async function pullCollection(deps: PullDeps, entity: string): Promise<PullResult> {
  const { db } = deps;
  const descriptor = descriptorOf(entity);
  const state = await db.syncState.get(entity);
  const start: Cursor = state?.cursor ? (JSON.parse(state.cursor) as Cursor) : EPOCH;
  const result: PullResult = { collection: entity, rows: 0, deleted: 0, conflicts: 0, mode: 'delta' };
  const seen = new Set<number>();

  let cursor = start;
  let pageNo = 1;
  let pending = fetchPage(deps, descriptor, cursor, pageNo);
  for (;;) {
    const page = await pending;
    const more = page.delta ? page.next !== null && page.rows.length > 0 : pageNo < page.lastPage;
    if (more) pending = fetchPage(deps, descriptor, page.delta ? page.next! : cursor, ++pageNo);
    const last = page.rows.at(-1);
    if (page.delta && last?.updated_at) cursor = { updated_since: last.updated_at, after_id: last.id };
    if (!page.delta) result.mode = 'full';
    page.rows.forEach((r) => seen.add(r.id));
    const applied = await applyPage(deps, descriptor, entity, page, page.delta ? cursor : null);
    result.rows += page.rows.length;
    result.deleted += applied.deleted;
    result.conflicts += applied.conflicts;
    if (!more) break;
  }
  if (result.mode === 'full') result.deleted += await removeMissing(db, descriptor, seen);
  const saved = await db.syncState.get(entity);
  await db.syncState.put({ collection: entity, cursor: saved?.cursor ?? null, lastPullAt: (deps.now ?? Date.now)() });
  return result;
}

/** A queued delete, whatever its operation is called (history's Centers table deletes with 'center_delete'). */
const isDelete = (entry: OutboxEntry) => callOf(descriptorOf(entry.entity), entry.op).effect === 'delete';

async function applyPage(
  deps: PullDeps,
  descriptor: EntityDescriptor,
  collection: string,
  page: Page,
  cursor: Cursor | null,
) {
  const { db } = deps;
  const table = db.entity(descriptor.table);
  let conflicts = 0;
  let deleted = 0;
  await db.transaction('rw', [table, db.outbox, db.conflicts, db.syncState], async () => {
    const ids = [...page.rows.map((r) => r.id), ...page.deleted];
    const locals = new Map<number, LocalRow>();
    for (const row of await table.where('id').anyOf(ids).toArray()) locals.set(row.id as number, row);
    const touchedCids = [...locals.values()].map((r) => r.cid);
    const entries = touchedCids.length ? await db.outbox.where('cid').anyOf(touchedCids).sortBy('seq') : [];
    const pendingByCid = new Map<string, typeof entries>();
    for (const e of entries) pendingByCid.set(e.cid, [...(pendingByCid.get(e.cid) ?? []), e]);

    const conflicted = new Set(
      (touchedCids.length ? await db.conflicts.where('cid').anyOf(touchedCids).toArray() : []).map((c) => c.cid),
    );

    const puts: LocalRow[] = [];
    for (const server of page.rows) {
      const local = locals.get(server.id);
      const queued = local ? pendingByCid.get(local.cid) : undefined;
      if (!local || !queued?.length) {
        const state = local && conflicted.has(local.cid) ? 'conflict' : 'synced';
        puts.push({ ...server, cid: local?.cid ?? serverCid(server.id), _base: server, _sync: state });
        // An open conflict compares against the newest server version, not the one seen at the 409.
        if (state === 'conflict') await db.conflicts.where('cid').equals(local!.cid).modify({ theirs: server });
        continue;
      }
      // R13: a queued delete of a record changed on the server is a conflict, not a rebase.
      const baseStamp = (local._base as Fields | null)?.updated_at;
      if (queued.some(isDelete) && baseStamp !== server.updated_at) {
        conflicts++;
        await db.conflicts.add({
          entity: collection,
          cid: local.cid,
          base: local._base ?? null,
          mine: { _delete: true },
          theirs: server,
          createdAt: Date.now(),
        });
        for (const e of queued) if (e.status !== 'sending') await db.outbox.delete(e.seq!);
        puts.push({ ...local, ...server, cid: local.cid, _base: server, _deleted: 0, _sync: 'conflict' });
        continue;
      }
      // R17: queued local changes are rebased onto the server's record, never overwritten.
      const result = await rebaseQueued(db, collection, local, server, { now: Date.now() });
      if (result.contested.length > 0) conflicts++;
    }
    await table.bulkPut(puts);

    for (const id of page.deleted) {
      const local = locals.get(id);
      if (!local) continue;
      const queued = pendingByCid.get(local.cid) ?? [];
      if (queued.length === 0 || queued.every(isDelete)) {
        await table.delete(local.cid);
        for (const e of queued) await db.outbox.delete(e.seq!);
        deleted++;
      } else {
        // R13: edited here, deleted there.
        conflicts++;
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
      }
    }
    if (cursor) {
      const saved = await db.syncState.get(collection);
      await db.syncState.put({ collection, cursor: JSON.stringify(cursor), lastPullAt: saved?.lastPullAt ?? null });
    }
  });
  return { conflicts, deleted };
}

/** R16: after a full pull, synced rows the server no longer lists are gone there. */
async function removeMissing(db: AppDb, descriptor: EntityDescriptor, seen: Set<number>): Promise<number> {
  const table = db.entity(descriptor.table);
  const gone = await table
    .where('_sync')
    .equals('synced')
    .filter((r) => typeof r.id === 'number' && !seen.has(r.id))
    .primaryKeys();
  await table.bulkDelete(gone);
  return gone.length;
}
