import type { LocalRow, RowSyncState } from '../db/app-db';
import { currentDb } from '../device/session';
import { paginate, DEFAULT_PAGE_SIZE, type Pagination } from '../contract/envelope';
import type { Child, ChildListFilter } from '../contract';

/** A child as the device holds it: the server's fields (or the form's, while pending) plus sync columns. */
export type LocalChild = Partial<Child> & {
  cid: string;
  _sync?: RowSyncState;
  /** Set while a delete waits to be sent; such rows are hidden from lists. */
  _deleted?: number;
  [field: string]: unknown;
};

export type ChildListQuery = { filter?: Partial<ChildListFilter>; page?: number; perPage?: number };
export type ChildListPage = { rows: LocalChild[]; pagination: Pagination };

const unsyncedStates: RowSyncState[] = ['pending', 'conflict', 'rejected'];

const contains = (value: unknown, needle: string) =>
  String(value ?? '')
    .toLowerCase()
    .includes(needle.trim().toLowerCase());

const isSet = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** Whether `child` passes every filter of the 'Search User Details Filters' modal. */
export function matchesChildFilter(child: LocalChild, filter: Partial<ChildListFilter>): boolean {
  const f = filter;
  if (isSet(f.centerId) && Number(child.centerdetailId) !== Number(f.centerId)) return false;
  if (isSet(f.name) && !contains(child.name, f.name!)) return false;
  if (isSet(f.uniqueId) && !contains(child.uniqueId, f.uniqueId!)) return false;
  if (isSet(f.cwccaseno) && !contains(child.cwccaseno, f.cwccaseno!)) return false;
  if (isSet(f.gender) && child.gender !== f.gender) return false;
  if (isSet(f.ReferredBy) && child.ReferredBy !== f.ReferredBy) return false;
  if (isSet(f.case_type) && child.case_type !== f.case_type) return false;
  if (isSet(f.history_status) && (child.last_status?.history_status ?? '') !== f.history_status) return false;
  const arrival = child.dateofarrival ?? '';
  if (isSet(f.from_date) && !(arrival >= f.from_date!)) return false;
  if (isSet(f.to_date) && !(arrival <= f.to_date!)) return false;
  return true;
}

export const hasChildFilter = (filter: Partial<ChildListFilter> | undefined): boolean =>
  Object.values(filter ?? {}).some(isSet);

/**
 * Every listed child's cid, newest first: records created here and not yet on the
 * server (newest queued first), then the server's records by id descending. Pending
 * deletes are left out. Reads only index keys and the few unsynced rows, so it stays
 * fast however many children are stored.
 */
async function orderedCids(): Promise<string[]> {
  const db = currentDb();
  const table = db.entity('children');
  const [byId, unsynced] = await Promise.all([
    table.orderBy('id').reverse().primaryKeys(),
    table.where('_sync').anyOf(unsyncedStates).toArray(),
  ]);
  const deleted = new Set(unsynced.filter((r) => r._deleted).map((r) => r.cid));
  const fresh = unsynced.filter((r) => (r.id === undefined || r.id === null) && !r._deleted).map((r) => r.cid);
  const seqOf = new Map<string, number>();
  if (fresh.length) {
    for (const entry of await db.outbox.where('cid').anyOf(fresh).toArray()) {
      seqOf.set(entry.cid, Math.max(seqOf.get(entry.cid) ?? 0, entry.seq ?? 0));
    }
  }
  fresh.sort((a, b) => (seqOf.get(b) ?? 0) - (seqOf.get(a) ?? 0));
  return [...fresh, ...byId.filter((cid) => !deleted.has(cid))];
}

/**
 * One page of the Child Registration List from the device (works offline), filtered
 * like the server's /child-registrations, with its Laravel-style pagination block.
 * A center filter uses the centerdetailId index; other filters read the rows once.
 */
export async function listChildren(query: ChildListQuery = {}): Promise<ChildListPage> {
  const perPage = query.perPage ?? DEFAULT_PAGE_SIZE;
  const table = currentDb().entity('children');
  const order = await orderedCids();
  if (!hasChildFilter(query.filter)) {
    const pagination = paginate(order.length, query.page ?? 1, perPage);
    const start = (pagination.current_page - 1) * perPage;
    const rows = await table.bulkGet(order.slice(start, start + perPage));
    return { rows: rows.filter((r): r is LocalRow => Boolean(r)) as LocalChild[], pagination };
  }
  const filter = query.filter!;
  const centerId = isSet(filter.centerId) ? Number(filter.centerId) : null;
  const candidates = (
    centerId !== null ? await table.where('centerdetailId').equals(centerId).toArray() : await table.toArray()
  ) as LocalChild[];
  const matching = new Map(candidates.filter((c) => matchesChildFilter(c, filter)).map((c) => [c.cid, c]));
  const cids = order.filter((cid) => matching.has(cid));
  const pagination = paginate(cids.length, query.page ?? 1, perPage);
  const start = (pagination.current_page - 1) * perPage;
  return { rows: cids.slice(start, start + perPage).map((cid) => matching.get(cid)!), pagination };
}

/** One child by its cid, or by server id when `key` is a number; undefined when not on the device. */
export async function getChild(key: string | number): Promise<LocalChild | undefined> {
  const table = currentDb().entity('children');
  const row = typeof key === 'number' ? await table.where('id').equals(key).first() : await table.get(key);
  return row as LocalChild | undefined;
}

/*
 * Bench note (tests/unit/children/bench-list.test.ts, BENCH=1, 20,000 children of ~1 KB
 * in fake-indexeddb under Node, median): open page 1 ~48 ms, last page ~49 ms, center
 * filter ~180 ms, name filter ~290 ms. Chromium's IndexedDB is faster than the fake;
 * the unfiltered path reads only index keys and ten rows.
 */
