import { cmp, type Collection } from 'dexie';
import { EXIT_LIST_STATUSES, UNSENT_STATES, type LocalRow } from '../db/app-db';
import { currentDb } from '../device/session';
import { paginate, DEFAULT_PAGE_SIZE, type Pagination } from '../contract/envelope';
import { toStoredDate } from '../contract';
import { currentKeptRows, ODD_EXIT_ENTRIES, type KeptExitRow } from '../db/kept-counts';

/*
 * The exit/restoration lists and the short stay register over the device (spec part 2,
 * section 2), so every route opens, filters and pages offline. At bench scale (20,000
 * children, 200,000 history rows) nothing scans a table: the synced rows of one status
 * are read over a compound index range ([history_status+transfer_date], or with the
 * center [history_status+centerId+transfer_date]) as keys, newest date first, only up to
 * the page's end, and counted from the kept counts (db/kept-counts.ts); only the page's ten rows and their children are read. Rows with unsent changes (few) are read
 * by the `_sync` index and decided here, because a row saved offline may lack the
 * indexed fields (the server fills centerId from the child).
 */

export type ExitListFilter = { centerId?: number | null; from_date?: string | null; to_date?: string | null };
export type ExitListQuery = { status: string; filter?: ExitListFilter; page?: number; perPage?: number };

/** A row of an exit list: the entry (or the registered child, for the register) with its child. */
export type ExitListRow = LocalRow & {
  history_status?: string;
  transfer_date?: string | null;
  exit_type?: string | null;
  centerId?: number | string | null;
  childregId?: number | string | null;
  child?: LocalRow | null;
  _deleted?: number;
};
/** A page of a list; `counting` while its total is not known yet (the pagination holds the page's place only). */
export type ExitListPage = { rows: ExitListRow[]; pagination: Pagination; counting: boolean };

const day = (v: unknown) => (typeof v === 'string' && v ? toStoredDate(v) : null);
const MIN_DAY = '';
const MAX_DAY = '\uffff';

function rangeOf(status: string, f: ExitListFilter) {
  // The index holds the entries of these statuses only (app-db.ts unreadIndexFields).
  if (!EXIT_LIST_STATUSES.has(status)) throw new Error(`No exit list shows the status ${status}`);
  const from = day(f.from_date) ?? MIN_DAY;
  const to = day(f.to_date) ?? MAX_DAY;
  const center = f.centerId ? Number(f.centerId) : null;
  return center === null
    ? {
        index: '[history_status+transfer_date]',
        lower: [status, from],
        upper: [status, to],
        keyOf: (r: ExitListRow) => [r.history_status, r.transfer_date],
      }
    : {
        index: '[history_status+centerId+transfer_date]',
        lower: [status, center, from],
        upper: [status, center, to],
        keyOf: (r: ExitListRow) => [r.history_status, r.centerId, r.transfer_date],
      };
}

async function childrenOf(rows: ExitListRow[]): Promise<Map<string | number, LocalRow>> {
  const table = currentDb().entity('children');
  const ids = rows.map((r) => r.childregId).filter((v): v is number => typeof v === 'number');
  const cids = rows.map((r) => r.childregId).filter((v): v is string => typeof v === 'string');
  const found = new Map<string | number, LocalRow>();
  for (const child of ids.length ? await table.where('id').anyOf(ids).toArray() : [])
    found.set(child.id as number, child);
  for (const child of cids.length ? await table.bulkGet(cids) : []) if (child) found.set(child.cid, child);
  return found;
}

/** Whether a stored row sits in an index range, compared as IndexedDB compares keys. */
function inRange(key: unknown[], lower: unknown[], upper: unknown[]): boolean {
  try {
    return cmp(key, lower) >= 0 && cmp(key, upper) <= 0;
  } catch {
    return false; // a part that is not a valid key: the row is not in the index at all
  }
}

/** How many entries the index range holds, from the kept counts (db/kept-counts.ts: `x|` rows); null when they cannot tell. */
async function keptExitCount(range: ReturnType<typeof rangeOf>): Promise<number | null> {
  const status = range.lower[0] as string;
  const kept = await currentKeptRows<KeptExitRow>(currentDb(), `x|${status}|`, [ODD_EXIT_ENTRIES]);
  if (!kept || kept.named[0]) return null;
  const center = range.lower.length === 3 ? range.lower[1] : undefined;
  const from = range.lower.at(-1) as string;
  const to = range.upper.at(-1) as string;
  let n = 0;
  for (const row of kept.rows) {
    // A month's key orders as its dates do, so months outside the range hold none of them.
    if (row.status !== status || row.month < from.slice(0, 7) || row.month > to.slice(0, 7)) continue;
    for (const [cell, count] of Object.entries(row.days)) {
      const [rowCenter, date] = JSON.parse(cell) as [number | string | null, string];
      if (date >= from && date <= to && (center === undefined || rowCenter === center)) n += count;
    }
  }
  return n;
}

/**
 * How many rows the index range holds: from the kept counts, a few hundred small rows per
 * status; while they are stale (a database just upgraded), from the history's fields when they
 * are kept in memory (table-mirror.ts), else by IndexedDB walking the range (140-200 ms for
 * one status of 200,000 entries in Chromium).
 */
async function countInIndex(range: ReturnType<typeof rangeOf>, indexed: () => Collection): Promise<number> {
  const counted = await keptExitCount(range);
  if (counted !== null) return counted;
  const kept = await currentDb().historyFacts.keptValues();
  if (!kept) return indexed().count();
  const status = range.lower[0];
  let n = 0;
  for (const row of kept)
    if (row.history_status === status && inRange(range.keyOf(row as ExitListRow), range.lower, range.upper)) n++;
  return n;
}

/**
 * The entries of `status` under the filter, in two parts: the synced ones in the index
 * range, and those with unsent changes (few), decided here because a row saved offline may
 * lack the indexed fields (the server fills centerId from the child).
 */
async function entriesOf(query: ExitListQuery, counted: boolean) {
  const table = currentDb().entity('history');
  const f = query.filter ?? {};
  const range = rangeOf(query.status, f);
  const indexed = () => table.where(range.index).between(range.lower, range.upper, true, true);
  const [inIndex, changed] = await Promise.all([
    counted ? countInIndex(range, indexed) : null,
    table.where('_sync').anyOf(UNSENT_STATES).toArray() as Promise<ExitListRow[]>,
  ]);
  // Rows with unsent changes are decided here; those the index also holds are left out of its part.
  const changedInIndex = changed.filter((r) => inRange(range.keyOf(r), range.lower, range.upper)).length;
  const local = changed.filter((r) => r.history_status === query.status && !r._deleted);
  const localChildren = await childrenOf(local);
  const from = day(f.from_date);
  const to = day(f.to_date);
  const matching = local.filter((r) => {
    const center = r.centerId ?? localChildren.get(r.childregId as string | number)?.centerdetailId;
    if (f.centerId && Number(center) !== Number(f.centerId)) return false;
    const date = day(r.transfer_date) ?? '';
    return (!from || date >= from) && (!to || date <= to);
  });
  matching.sort((a, b) => String(b.transfer_date ?? '').localeCompare(String(a.transfer_date ?? '')));
  const total = inIndex === null ? null : matching.length + inIndex - changedInIndex;
  return { table, indexed, inIndex, changed, changedInIndex, matching, total };
}

/** How many entries an exit list holds under its filter (its pagination's total). */
export async function countExitEntries(query: Omit<ExitListQuery, 'page' | 'perPage'>): Promise<number> {
  return (await entriesOf(query, true)).total!;
}

/**
 * One page of the history entries of `status` on the device, filtered like POST
 * /restore_exit_list. With `total: 'later'` the page does not wait for its range to be
 * counted (up to 200 ms at bench scale, see countInIndex): unless the page itself shows
 * where the list ends, `counting` is true and the total is countExitEntries' to give.
 */
export async function listExitEntries(
  query: ExitListQuery,
  { total = 'exact' }: { total?: 'exact' | 'later' } = {},
): Promise<ExitListPage> {
  const perPage = query.perPage ?? DEFAULT_PAGE_SIZE;
  const { table, indexed, inIndex, changed, changedInIndex, matching, ...counted } = await entriesOf(
    query,
    total === 'exact',
  );
  const changedCids = new Set(changed.map((r) => r.cid));
  const requested = Math.max(1, Math.floor(query.page ?? 1));
  // While the total is counted, the page is taken as it was asked for.
  const pagination = paginate(counted.total ?? requested * perPage, requested, perPage);
  const start = (pagination.current_page - 1) * perPage;
  // The page reads index keys only up to its end (newest first), not the whole range.
  const cids = matching.slice(start, start + perPage).map((r) => r.cid);
  if (cids.length < perPage) {
    const skip = Math.max(0, start - matching.length);
    // A limit beyond the range reads it all (and IndexedDB refuses a count past 2^32 - 1).
    const wanted = skip + perPage + changedInIndex;
    const keys = await (
      inIndex === null || wanted < inIndex ? indexed().reverse().limit(wanted) : indexed().reverse()
    ).primaryKeys();
    cids.push(...keys.filter((cid) => !changedCids.has(cid)).slice(skip, skip + perPage - cids.length));
  }
  const rows = (await table.bulkGet(cids)).filter((r): r is ExitListRow => Boolean(r));
  const kids = await childrenOf(rows);
  const page = rows.map((r) => ({ ...r, child: kids.get(r.childregId as string | number) ?? null }));
  if (counted.total !== null) return { rows: page, pagination, counting: false };
  // Past the range's end: the count decides which page is the last one.
  if (!page.length && requested > 1) return listExitEntries(query);
  // A short page read the range to its end, so its total is known without a count.
  if (page.length < perPage)
    return { rows: page, pagination: paginate(start + page.length, requested, perPage), counting: false };
  return { rows: page, pagination: { ...pagination, from: start + 1, to: start + page.length }, counting: true };
}

/** One page of the short stay registration list: children registered with Short Stay "yes". */
export async function listShortStayRegister(query: Omit<ExitListQuery, 'status'>): Promise<ExitListPage> {
  const db = currentDb();
  const table = db.entity('children');
  const f = query.filter ?? {};
  const perPage = query.perPage ?? DEFAULT_PAGE_SIZE;
  const from = day(f.from_date) ?? MIN_DAY;
  const to = day(f.to_date) ?? MAX_DAY;
  const center = f.centerId ? Number(f.centerId) : null;
  const keys =
    center === null
      ? await table
          .where('[short_stay_status+dateofarrival]')
          .between(['yes', from], ['yes', to], true, true)
          .reverse()
          .primaryKeys()
      : await table
          .where('[short_stay_status+centerdetailId+dateofarrival]')
          .between(['yes', center, from], ['yes', center, to], true, true)
          .reverse()
          .primaryKeys();
  const deleted = new Set(
    (await table.where('_sync').anyOf(UNSENT_STATES).toArray()).filter((r) => r._deleted).map((r) => r.cid),
  );
  const cids = keys.filter((cid) => !deleted.has(cid));
  const pagination = paginate(cids.length, query.page ?? 1, perPage);
  const start = (pagination.current_page - 1) * perPage;
  const rows = (await table.bulkGet(cids.slice(start, start + perPage))).filter((r): r is LocalRow => Boolean(r));
  return {
    rows: rows.map((r) => ({ ...r, centerId: r.centerdetailId as number, child: r })),
    pagination,
    counting: false,
  };
}
