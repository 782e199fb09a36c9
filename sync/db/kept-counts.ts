import Dexie from 'dexie';
import { reportCategories, reportCategoryOf, reportDateOf, reportGenderOf, type ReportGender } from '../contract';

/*
 * Counts kept on the device, as the server keeps report_daily (server/reports/summary.ts):
 * what the dashboard's trends and the device's reports count (part 2 DESIGN notes: offline
 * reports), so their first answer of a session reads a few thousand small rows instead of
 * every child and history row (200,000 entries took 2.4 s to read whole in Chromium).
 *
 * The counts are written by the transaction that writes the rows: a DBCore middleware
 * (kept-counts-writes.ts) adds
 * `keptCounts` (and the other of history/children, which a count joins) to every readwrite
 * transaction over history or children, and applies each put or delete's difference before
 * the transaction commits (R1: what is committed together is counted together; an aborted
 * write leaves its counts unwritten too). So every path that writes rows (a form, a pull
 * page, replay's id write-back, a batch, a conflict's resolution) keeps them without
 * knowing of them.
 *
 * What is kept, by key:
 * - `r|<center>|<gender>|<category>|<yyyy-mm>`: `days` = entries per activity day, by the
 *   contract's report rule (rules/report.ts reportRowsFrom): live entries of live children,
 *   the child's gender and current center (R20), the entry's category and activity date.
 *   A row per month keeps the rows few (a center's year is 12 rows per category and gender).
 * - `t|<status>|<yyyy-mm>`: `n` = entries not deleted on the device, per status and month of
 *   their activity date (the dashboard's trends).
 * - `a|<yyyy-mm>`: `n` = children not deleted on the device, per month of arrival.
 * - `x|<status>|<yyyy-mm>`: the exit lists' counts (queries/exits.ts): every entry their
 *   indexes hold, per status and month of transfer_date, `days` by centerId and date.
 * - `p|<id / 1000>`: `profiles`, the gender and center of each live child with a server id,
 *   so a page of entries finds its children's in a few rows, not one read per child.
 * - `meta`: `version`, the rule the counts were made under. Missing or another version (an
 *   upgraded database, a release that moved a status to another category, a cleared
 *   table): the counts are stale, writes leave them alone, and the next read rebuilds them
 *   from the rows (keptCountsReady).
 */

export const KEPT_COUNTS = 'keptCounts';
/** The report rule and the shape of the rows: counts made under another are rebuilt. */
export const KEPT_COUNTS_VERSION = `3 ${JSON.stringify(reportCategories.map((c) => [c.key, c.statuses]))}`;

export type KeptReportRow = {
  key: string;
  center: number | null;
  gender: ReportGender;
  category: string;
  month: string;
  days: Record<string, number>;
};
/** Entries of one status in one month of transfer_date: `days` by `JSON.stringify([centerId, transfer_date])`. */
export type KeptExitRow = { key: string; status: string; month: string; days: Record<string, number> };
export type KeptNumberRow = { key: string; n: number };
/** What each live child with a server id gives its entries, 1,000 ids a row (`p|<id / 1000>`). */
export type KeptProfilesRow = { key: string; profiles: Record<string, [ReportGender | null, number | null]> };
export const profilesKey = (id: number) => `p|${Math.floor(id / 1000)}`;
export type KeptMeta = { key: 'meta'; version: string };
export type KeptCountRow = KeptReportRow | KeptExitRow | KeptNumberRow | KeptProfilesRow | KeptMeta;

/** The key of the count of entries the exit lists' indexes hold but the `x|` rows cannot place. */
export const ODD_EXIT_ENTRIES = 'x!odd';

/** A value IndexedDB takes as a key (a row without one in an indexed field is not in that index). */
const isKey = (v: unknown) =>
  typeof v === 'string' ||
  (typeof v === 'number' && !Number.isNaN(v)) ||
  (v instanceof Date && !Number.isNaN(v.getTime())) ||
  Array.isArray(v);

export type Fields = Record<string, unknown>;
/** What a child gives its entries' report rows; null when it counts none (deleted). */
export type Profile = { gender: ReportGender | null; center: number | null } | null;

export const profileOf = (child: Fields | undefined): Profile =>
  !child || child._deleted || child.deleted_at
    ? null
    : {
        gender: reportGenderOf(child.gender),
        center:
          child.centerdetailId === undefined || child.centerdetailId === null ? null : Number(child.centerdetailId),
      };

/** Differences to apply: per key, a number (`n` rows) or days (report rows). */
export class Deltas {
  readonly numbers = new Map<string, number>();
  readonly reports = new Map<
    string,
    { row: Omit<KeptReportRow, 'days'> | Omit<KeptExitRow, 'days'>; days: Map<string, number> }
  >();

  /** Profiles to set (or, null, to remove) per row of profiles. */
  readonly profiles = new Map<string, Map<number, [ReportGender | null, number | null] | null>>();

  /** A child's profile as its entries read it by server id: `child` gone or deleted removes it. */
  profile(id: unknown, child: Fields | undefined) {
    if (typeof id !== 'number') return;
    const key = profilesKey(id);
    let row = this.profiles.get(key);
    if (!row) {
      row = new Map();
      this.profiles.set(key, row);
    }
    const profile = profileOf(child);
    row.set(id, profile ? [profile.gender, profile.center] : null);
  }

  number(key: string, by: number) {
    this.numbers.set(key, (this.numbers.get(key) ?? 0) + by);
  }

  /** An entry's report count, joined to its child's profile (reportRowsFrom's rule). */
  report(entry: Fields | undefined, profile: Profile, by: number) {
    if (!entry || !profile?.gender || entry._deleted || entry.deleted_at) return;
    const category = reportCategoryOf(entry.history_status);
    const day = reportDateOf(entry);
    if (!category || !day) return;
    const month = day.slice(0, 7);
    const key = `r|${profile.center}|${profile.gender}|${category}|${month}`;
    let delta = this.reports.get(key);
    if (!delta) {
      delta = { row: { key, center: profile.center, gender: profile.gender, category, month }, days: new Map() };
      this.reports.set(key, delta);
    }
    delta.days.set(day, (delta.days.get(day) ?? 0) + by);
  }

  /**
   * An entry's place in the exit lists' indexes ([history_status+transfer_date], and with
   * its centerId when that is a key): every row the index holds, whatever its sync state, as
   * queries/exits.ts counts over it. A row the index holds with a status or date that is not
   * text (or a centerId that is a key of another kind) is counted as odd, and the lists
   * count over the index while there is one.
   */
  exit(entry: Fields | undefined, by: number) {
    if (!entry || !isKey(entry.history_status) || !isKey(entry.transfer_date)) return;
    const { history_status: status, transfer_date: day, centerId } = entry;
    const center = centerId === undefined || centerId === null || !isKey(centerId) ? null : centerId;
    if (
      typeof status !== 'string' ||
      typeof day !== 'string' ||
      !(center === null || typeof center === 'number' || typeof center === 'string')
    )
      return this.number(ODD_EXIT_ENTRIES, by);
    const month = day.slice(0, 7);
    const key = `x|${status}|${month}`;
    let delta = this.reports.get(key);
    if (!delta) {
      delta = { row: { key, status, month }, days: new Map() };
      this.reports.set(key, delta);
    }
    const cell = JSON.stringify([center, day]);
    delta.days.set(cell, (delta.days.get(cell) ?? 0) + by);
  }

  /** An entry's trend count (dashboardTrends: not deleted, by activity month). */
  trend(entry: Fields | undefined, by: number) {
    if (!entry || entry._deleted) return;
    const day = reportDateOf(entry);
    if (day) this.number(`t|${String(entry.history_status)}|${day.slice(0, 7)}`, by);
  }

  arrival(child: Fields | undefined, by: number) {
    if (child && !child._deleted && typeof child.dateofarrival === 'string')
      this.number(`a|${child.dateofarrival.slice(0, 7)}`, by);
  }
}

/** Every count from the rows, as the writes keep them. */
export function countsOf(children: Iterable<Fields>, history: Iterable<Fields>): KeptCountRow[] {
  const deltas = new Deltas();
  const byKey = new Map<unknown, Profile>();
  for (const child of children) {
    deltas.arrival(child, 1);
    deltas.profile(child.id, child);
    const profile = profileOf(child);
    byKey.set(child.cid, profile);
    if (typeof child.id === 'number') byKey.set(child.id, profile);
  }
  for (const entry of history) {
    deltas.trend(entry, 1);
    deltas.exit(entry, 1);
    deltas.report(entry, byKey.get(entry.childregId) ?? null, 1);
  }
  const rows: KeptCountRow[] = [{ key: 'meta', version: KEPT_COUNTS_VERSION }];
  for (const [key, n] of deltas.numbers) if (n) rows.push({ key, n });
  for (const { row, days } of deltas.reports.values()) {
    const kept = Object.fromEntries([...days].filter(([, n]) => n));
    if (Object.keys(kept).length) rows.push({ ...row, days: kept });
  }
  for (const [key, profiles] of deltas.profiles) {
    const live = [...profiles].filter((p): p is [number, [ReportGender | null, number | null]] => p[1] !== null);
    if (live.length) rows.push({ key, profiles: Object.fromEntries(live) });
  }
  return rows;
}

/** The tables whose rows are counted. */
export const COUNTED = ['history', 'children'];

/** Rebuilds stale counts from the rows, in one transaction with them; true when it did. */
async function rebuild(db: Dexie): Promise<boolean> {
  return db.transaction('rw', ['history', 'children', KEPT_COUNTS], async () => {
    const table = db.table<KeptCountRow, string>(KEPT_COUNTS);
    const meta = (await table.get('meta')) as KeptMeta | undefined;
    if (meta?.version === KEPT_COUNTS_VERSION) return false;
    const [children, history] = await Promise.all([db.table('children').toArray(), db.table('history').toArray()]);
    await table.clear();
    await table.bulkPut(countsOf(children, history));
    return true;
  });
}

const rebuilding = new WeakMap<Dexie, Promise<boolean>>();

/**
 * Makes the counts current when they are stale (rebuilt from the rows once, in a
 * transaction of its own: a live query may not write, so it runs outside the caller's).
 */
export async function keptCountsReady(db: Dexie): Promise<void> {
  const meta = (await db.table<KeptCountRow, string>(KEPT_COUNTS).get('meta')) as KeptMeta | undefined;
  if (meta?.version === KEPT_COUNTS_VERSION) return;
  let running = rebuilding.get(db);
  if (!running) {
    // A timer leaves the caller's zone (a live query's), whose transactions are read-only.
    running = new Promise<boolean>((resolve, reject) => setTimeout(() => rebuild(db).then(resolve, reject), 0));
    rebuilding.set(db, running);
    void running.finally(() => rebuilding.delete(db)).catch(() => undefined);
  }
  await running;
}

/**
 * The kept rows whose keys start with `prefix` ('r|', 't|', 'a|'), current. Read in a
 * transaction of their own (Dexie caches no answer of one, and the counts' writes are not
 * seen by its cache), with one row of history and children over their whole key range, so
 * a live query re-runs on any write that can move a count.
 */
export async function keptCountRows<T extends KeptCountRow>(db: Dexie, prefix: string): Promise<T[]> {
  await keptCountsReady(db);
  return db.transaction('r', [KEPT_COUNTS, ...COUNTED], async () => {
    const [rows] = await Promise.all([
      db.table<KeptCountRow, string>(KEPT_COUNTS).where('key').startsWith(prefix).toArray(),
      ...COUNTED.map((name) => db.table(name).limit(1).toArray()),
    ]);
    return rows as T[];
  });
}

/**
 * The kept rows under `prefix` and the rows named by `keys`, or null while the counts are
 * stale: for a caller with another way to count than making them again (the exit lists).
 */
export async function currentKeptRows<T extends KeptCountRow>(
  db: Dexie,
  prefix: string,
  keys: string[] = [],
): Promise<{ rows: T[]; named: (KeptCountRow | undefined)[] } | null> {
  return db.transaction('r', [KEPT_COUNTS, ...COUNTED], async () => {
    const table = db.table<KeptCountRow, string>(KEPT_COUNTS);
    const [meta, named, rows] = await Promise.all([
      table.get('meta'),
      table.bulkGet(keys),
      table.where('key').startsWith(prefix).toArray(),
      ...COUNTED.map((name) => db.table(name).limit(1).toArray()),
    ]);
    if ((meta as KeptMeta | undefined)?.version !== KEPT_COUNTS_VERSION) return null;
    return { rows: rows as T[], named };
  });
}
