import type { LocalRow, RowSyncState } from '../db/app-db';
import { currentDb } from '../device/session';
import { paginate, DEFAULT_PAGE_SIZE, type Pagination } from '../contract/envelope';
import { statusLabel, type Child, type ChildListFilter } from '../contract';
import type { ChildEntry } from '../db/child-index';
import { centerNames } from './lookups';

/** A child as the device holds it: the server's fields (or the form's, while pending) plus sync columns. */
export type LocalChild = Partial<Child> & {
  cid: string;
  _sync?: RowSyncState;
  /** Set while a delete waits to be sent; such rows are hidden from lists. */
  _deleted?: number;
  [field: string]: unknown;
};

/** The columns the list sorts by (part 1 section 2's columns a person sorts on). */
export const childSortKeys = ['name', 'uniqueId', 'center', 'gender', 'age', 'dateofarrival', 'status'] as const;
export type ChildSortKey = (typeof childSortKeys)[number];
export type ChildSort = { key: ChildSortKey; dir: 'asc' | 'desc' };

export type ChildListQuery = {
  filter?: Partial<ChildListFilter>;
  /** What was typed in the list's search box: every word must match a name, an id, a case no., a father's name or a phone. */
  search?: string;
  sort?: ChildSort;
  page?: number;
  perPage?: number;
};
export type ChildListPage = { rows: LocalChild[]; pagination: Pagination };

const unsyncedStates: RowSyncState[] = ['pending', 'conflict', 'rejected'];

const contains = (value: unknown, needle: string) =>
  String(value ?? '')
    .toLowerCase()
    .includes(needle.trim().toLowerCase());

const isSet = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** Whether a child's list entry passes every filter of the 'Search User Details Filters' modal. */
function matchesEntry(child: ChildEntry, filter: Partial<ChildListFilter>): boolean {
  const f = filter;
  if (isSet(f.centerId) && child.centerId !== Number(f.centerId)) return false;
  if (isSet(f.name) && !contains(child.name, f.name!)) return false;
  if (isSet(f.uniqueId) && !contains(child.uniqueId, f.uniqueId!)) return false;
  if (isSet(f.cwccaseno) && !contains(child.cwccaseno, f.cwccaseno!)) return false;
  if (isSet(f.gender) && child.gender !== f.gender) return false;
  if (isSet(f.ReferredBy) && child.referredBy !== f.ReferredBy) return false;
  if (isSet(f.case_type) && child.caseType !== f.case_type) return false;
  if (isSet(f.history_status) && child.status !== f.history_status) return false;
  if (isSet(f.from_date) && !(child.arrival >= f.from_date!)) return false;
  if (isSet(f.to_date) && !(child.arrival <= f.to_date!)) return false;
  return true;
}

export const hasChildFilter = (filter: Partial<ChildListFilter> | undefined): boolean =>
  Object.values(filter ?? {}).some(isSet);

/** The cids of records created here and not yet on the server, newest queued first. */
async function freshFirst(fresh: string[]): Promise<string[]> {
  const seqOf = new Map<string, number>();
  if (fresh.length) {
    for (const entry of await currentDb().outbox.where('cid').anyOf(fresh).toArray()) {
      seqOf.set(entry.cid, Math.max(seqOf.get(entry.cid) ?? 0, entry.seq ?? 0));
    }
  }
  return [...fresh].sort((a, b) => (seqOf.get(b) ?? 0) - (seqOf.get(a) ?? 0));
}

/**
 * Every listed child's cid, newest first: records created here and not yet on the
 * server (newest queued first), then the server's records by id descending. Pending
 * deletes are left out. Reads only index keys and the few unsynced rows, so it stays
 * fast however many children are stored.
 */
async function orderedCids(): Promise<string[]> {
  const table = currentDb().entity('children');
  const [byId, unsynced] = await Promise.all([
    table.orderBy('id').reverse().primaryKeys(),
    table.where('_sync').anyOf(unsyncedStates).toArray(),
  ]);
  const deleted = new Set(unsynced.filter((r) => r._deleted).map((r) => r.cid));
  const fresh = unsynced.filter((r) => (r.id === undefined || r.id === null) && !r._deleted).map((r) => r.cid);
  return [...(await freshFirst(fresh)), ...byId.filter((cid) => !deleted.has(cid))];
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const sortValue: Record<ChildSortKey, (e: ChildEntry, centers: Map<number, string>) => string | number | null> = {
  name: (e) => e.name,
  uniqueId: (e) => e.uniqueId,
  center: (e, centers) => e.centerName || (e.centerId === null ? '' : (centers.get(e.centerId) ?? '')),
  gender: (e) => e.gender,
  age: (e) => e.age,
  dateofarrival: (e) => e.arrival,
  status: (e) => statusLabel(e.status || null),
};

/** Sorts `entries` (already in list order, which breaks ties) by `sort`; empty values last either way. */
function sortEntries(entries: ChildEntry[], sort: ChildSort, centers: Map<number, string>): ChildEntry[] {
  const read = sortValue[sort.key];
  const sign = sort.dir === 'asc' ? 1 : -1;
  const keyed = entries.map((e, i) => ({ e, i, v: read(e, centers) }));
  const empty = (v: string | number | null) => v === null || v === '';
  keyed.sort((a, b) => {
    if (empty(a.v) || empty(b.v)) return empty(a.v) === empty(b.v) ? a.i - b.i : empty(a.v) ? 1 : -1;
    const d =
      typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
    return d === 0 ? a.i - b.i : sign * d;
  });
  return keyed.map((k) => k.e);
}

/** What was typed, best match first; list order breaks ties. */
const byScore = (entries: ChildEntry[], hits: Map<string, number>) =>
  entries
    .map((e, i) => ({ e, i, score: hits.get(e.cid) ?? 0 }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((x) => x.e);

/**
 * One page of the Child Registration List from the device (works offline), filtered
 * like the server's /child-registrations, with its Laravel-style pagination block.
 * The plain first view reads only index keys and the page's rows; a filter, a search or
 * a sort is answered by the in-memory list index (db/child-index.ts) and then reads only
 * the page's rows.
 */
export async function listChildren(query: ChildListQuery = {}): Promise<ChildListPage> {
  const perPage = query.perPage ?? DEFAULT_PAGE_SIZE;
  const db = currentDb();
  const table = db.entity('children');
  const search = query.search?.trim() ?? '';
  const pageOf = async (cids: string[]) => {
    const pagination = paginate(cids.length, query.page ?? 1, perPage);
    const start = (pagination.current_page - 1) * perPage;
    const rows = await table.bulkGet(cids.slice(start, start + perPage));
    return { rows: rows.filter((r): r is LocalRow => Boolean(r)) as LocalChild[], pagination };
  };
  if (!hasChildFilter(query.filter) && !search && !query.sort) return pageOf(await orderedCids());

  // Counting the table makes a live query re-run on any write to children; the index
  // has taken that write in before the commit that wakes the query.
  const [index] = await Promise.all([db.childIndex.ready().then(() => db.childIndex), table.count()]);
  const filter = query.filter ?? {};
  const hits = search ? index.find(search) : null;
  const matching: ChildEntry[] = [];
  const fresh = new Map<string, ChildEntry>();
  for (const entry of index.all()) {
    if (entry.deleted || (hits && !hits.has(entry.cid)) || !matchesEntry(entry, filter)) continue;
    if (entry.id === null) fresh.set(entry.cid, entry);
    else matching.push(entry);
  }
  let ordered = [...(await freshFirst([...fresh.keys()])).map((cid) => fresh.get(cid)!), ...matching];
  if (query.sort) ordered = sortEntries(ordered, query.sort, await centerNames());
  else if (hits) ordered = byScore(ordered, hits);
  return pageOf(ordered.map((e) => e.cid));
}

/** One child by its cid, or by server id when `key` is a number; undefined when not on the device. */
export async function getChild(key: string | number): Promise<LocalChild | undefined> {
  const table = currentDb().entity('children');
  const row = typeof key === 'number' ? await table.where('id').equals(key).first() : await table.get(key);
  return row as LocalChild | undefined;
}

/*
 * Bench (npm run bench, Chromium, 20,000 children): see the table it prints; the plain
 * first view reads only index keys and ten rows, everything else reads the memory index.
 */
