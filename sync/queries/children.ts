import { UNSENT_STATES, type LocalRow } from '../db/app-db';
import { currentDb } from '../device/session';
import { paginate, DEFAULT_PAGE_SIZE, type Pagination } from '../contract/envelope';
import { statusLabel, type ChildListFilter } from '../contract';
import { sortKey, type ChildEntry, type ChildListIndex } from '../db/child-index';
import { centerNames } from './lookups';
import { defaultLanguage, languageLocales, type Language } from '../contract/i18n/languages';
import type { LocalChild } from '../entities/children';
export type { LocalChild };

/** The columns the list sorts by (part 1 section 2's columns a person sorts on). */
export const childSortKeys = ['name', 'uniqueId', 'center', 'gender', 'age', 'dateofarrival', 'status'] as const;
export type ChildSortKey = (typeof childSortKeys)[number];
export type ChildSort = { key: ChildSortKey; dir: 'asc' | 'desc' };

export type ChildListQuery = {
  filter?: Partial<ChildListFilter>;
  /** What was typed in the list's search box: every word must match a name, an id, a case no., a father's name or a phone. */
  search?: string;
  sort?: ChildSort;
  /** The language shown: children sorted by name are in its alphabetical order (Intl.Collator). English by default. */
  language?: Language;
  page?: number;
  perPage?: number;
};
export type ChildListPage = { rows: LocalChild[]; pagination: Pagination };

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
 * The plain first view before the list index is built: records created here and not yet
 * on the server (newest queued first), then the server's records by id descending, pending
 * deletes left out. Reads the few unsynced rows, a count and the page's rows by cursor,
 * so it stays fast however many children are stored.
 */
async function plainPage(page: number, perPage: number): Promise<ChildListPage> {
  const table = currentDb().entity('children');
  const [total, unsynced] = await Promise.all([table.count(), table.where('_sync').anyOf(UNSENT_STATES).toArray()]);
  const deleted = new Set(unsynced.filter((r) => r._deleted).map((r) => r.cid));
  const freshRows = new Map(
    unsynced.filter((r) => (r.id === undefined || r.id === null) && !r._deleted).map((r) => [r.cid, r]),
  );
  const fresh = (await freshFirst([...freshRows.keys()])).map((cid) => freshRows.get(cid)!);
  const pagination = paginate(total - deleted.size, page, perPage);
  const start = (pagination.current_page - 1) * perPage;
  const rows = fresh.slice(start, start + perPage);
  if (rows.length < perPage) {
    const skip = Math.max(0, start - fresh.length);
    const served = await table
      .orderBy('id')
      .reverse()
      .filter((r) => !deleted.has(r.cid))
      .offset(skip)
      .limit(perPage - rows.length)
      .toArray();
    rows.push(...served);
  }
  return { rows: rows as LocalChild[], pagination };
}

const sortValue: Record<ChildSortKey, (e: ChildEntry, centers: Map<number, string>) => string | number | null> = {
  name: (e) => e.name,
  uniqueId: (e) => e.uniqueIdKey,
  center: (e, centers) => sortKey(e.centerName || (e.centerId === null ? '' : (centers.get(e.centerId) ?? ''))),
  gender: (e) => sortKey(e.gender),
  age: (e) => e.age,
  dateofarrival: (e) => e.arrival,
  status: (e) => sortKey(statusLabel(e.status || null)),
};

const empty = (v: string | number | null) => v === null || v === '';

const collators = new Map<Language, Intl.Collator>();
/**
 * Names in the alphabetical order of the language shown (Hindi lists Devanagari names first,
 * in the order of its letters, vowel signs and conjuncts; English lists Latin first):
 * case and accents ignored, runs of digits compared as numbers ('Child 2' before 'Child 10').
 * Made on the first sort by name, so a cold start loads no collation data.
 */
const nameCollator = (language: Language): Intl.Collator => {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(languageLocales[language], { numeric: true, sensitivity: 'base' });
    collators.set(language, collator);
  }
  return collator;
};

/**
 * Every child in `sort`'s order, empty values last either way and list order breaking
 * ties; worked out once by the index until the children (or, for Center, the centers'
 * names) change. Names compare by the collator of `language`; the other columns by their
 * sort keys.
 */
function sortedEntries(index: ChildListIndex, sort: ChildSort, centers: Map<number, string>, language: Language) {
  const byName = sort.key === 'name';
  const key = `${sort.key}:${sort.dir}${sort.key === 'center' ? `:${JSON.stringify([...centers])}` : ''}${byName ? `:${language}` : ''}`;
  return index.sorted(key, (all) => {
    const read = sortValue[sort.key];
    const sign = sort.dir === 'asc' ? 1 : -1;
    const collator = byName ? nameCollator(language) : null;
    const compare = (a: string | number, b: string | number) =>
      collator ? collator.compare(String(a), String(b)) : a < b ? -1 : a > b ? 1 : 0;
    const keyed = all.map((e, i) => ({ e, i, v: read(e, centers) }));
    keyed.sort((a, b) => {
      const [ea, eb] = [empty(a.v), empty(b.v)];
      if (ea || eb) return ea === eb ? a.i - b.i : ea ? 1 : -1;
      const d = compare(a.v!, b.v!);
      return d === 0 ? a.i - b.i : sign * d;
    });
    return keyed.map((k) => k.e);
  });
}

/**
 * The first `k` of `entries` by what was typed, best match first, list order breaking
 * ties: a partial sort, as only the page up to `k` is shown.
 */
function topByScore(entries: ChildEntry[], hits: Map<string, number>, k: number): ChildEntry[] {
  const top: { e: ChildEntry; score: number }[] = [];
  for (const e of entries) {
    const score = hits.get(e.cid) ?? 0;
    if (top.length >= k && score <= top[top.length - 1]!.score) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]!.score < score) at--;
    top.splice(at, 0, { e, score });
    if (top.length > k) top.pop();
  }
  return top.map((t) => t.e);
}

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
  const pageOf = async (cids: string[], total = cids.length) => {
    const pagination = paginate(total, query.page ?? 1, perPage);
    const start = (pagination.current_page - 1) * perPage;
    const rows = await table.bulkGet(cids.slice(start, start + perPage));
    return { rows: rows.filter((r): r is LocalRow => Boolean(r)) as LocalChild[], pagination };
  };
  const plain = !hasChildFilter(query.filter) && !search && !query.sort;
  // Until the index is built, the plain first view reads the page's rows rather than every row.
  if (plain && !db.childIndex.isReady) return plainPage(query.page ?? 1, perPage);

  // Reading one row over the table's whole key range makes a live query re-run on any
  // write to children (as count() would, without counting 20,000 rows); the index has
  // taken that write in before the commit that wakes the query.
  const [index] = await Promise.all([db.childIndex.ready().then(() => db.childIndex), table.limit(1).toArray()]);
  const filter = query.filter ?? {};
  const hits = search ? index.find(search) : null;
  const passes = (e: ChildEntry) => !e.deleted && (!hits || hits.has(e.cid)) && matchesEntry(e, filter);
  if (query.sort)
    return pageOf(
      sortedEntries(index, query.sort, await centerNames(), query.language ?? defaultLanguage)
        .filter(passes)
        .map((e) => e.cid),
    );
  const matching: ChildEntry[] = [];
  const fresh = new Map<string, ChildEntry>();
  for (const entry of index.all()) {
    if (!passes(entry)) continue;
    if (entry.id === null) fresh.set(entry.cid, entry);
    else matching.push(entry);
  }
  const ordered = [...(await freshFirst([...fresh.keys()])).map((cid) => fresh.get(cid)!), ...matching];
  if (!hits) return pageOf(ordered.map((e) => e.cid));
  const shown = paginate(ordered.length, query.page ?? 1, perPage).current_page * perPage;
  return pageOf(
    topByScore(ordered, hits, shown).map((e) => e.cid),
    ordered.length,
  );
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
