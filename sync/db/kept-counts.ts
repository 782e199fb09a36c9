import Dexie, {
  type DBCore,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreTable,
  type DBCoreTransaction,
  type Middleware,
} from 'dexie';
import { reportCategories, reportCategoryOf, reportDateOf, reportGenderOf, type ReportGender } from '../contract';

/*
 * Counts kept on the device, as the server keeps report_daily (server/reports/summary.ts):
 * what the dashboard's trends and the device's reports count (part 2 DESIGN notes: offline
 * reports), so their first answer of a session reads a few thousand small rows instead of
 * every child and history row (200,000 entries took 2.4 s to read whole in Chromium).
 *
 * The counts are written by the transaction that writes the rows: a DBCore middleware adds
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
 * - `meta`: `version`, the rule the counts were made under. Missing or another version (an
 *   upgraded database, a release that moved a status to another category, a cleared
 *   table): the counts are stale, writes leave them alone, and the next read rebuilds them
 *   from the rows (keptCountsReady).
 */

export const KEPT_COUNTS = 'keptCounts';
/** The report rule and the shape of the rows: counts made under another are rebuilt. */
export const KEPT_COUNTS_VERSION = `2 ${JSON.stringify(reportCategories.map((c) => [c.key, c.statuses]))}`;

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
type KeptMeta = { key: 'meta'; version: string };
export type KeptCountRow = KeptReportRow | KeptExitRow | KeptNumberRow | KeptMeta;

/** The key of the count of entries the exit lists' indexes hold but the `x|` rows cannot place. */
export const ODD_EXIT_ENTRIES = 'x!odd';

/** A value IndexedDB takes as a key (a row without one in an indexed field is not in that index). */
const isKey = (v: unknown) =>
  typeof v === 'string' ||
  (typeof v === 'number' && !Number.isNaN(v)) ||
  (v instanceof Date && !Number.isNaN(v.getTime())) ||
  Array.isArray(v);

type Fields = Record<string, unknown>;
/** What a child gives its entries' report rows; null when it counts none (deleted). */
type Profile = { gender: ReportGender | null; center: number | null } | null;

const profileOf = (child: Fields | undefined): Profile =>
  !child || child._deleted || child.deleted_at
    ? null
    : {
        gender: reportGenderOf(child.gender),
        center:
          child.centerdetailId === undefined || child.centerdetailId === null ? null : Number(child.centerdetailId),
      };

/** Differences to apply: per key, a number (`n` rows) or days (report rows). */
class Deltas {
  readonly numbers = new Map<string, number>();
  readonly reports = new Map<
    string,
    { row: Omit<KeptReportRow, 'days'> | Omit<KeptExitRow, 'days'>; days: Map<string, number> }
  >();

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
  return rows;
}

/** More rows than this in a deleted range: the counts are made again rather than followed. */
const MAX_RANGE = 1_000;

/** The rows' keys in the order of `req` (a put names them in its values). */
function keysOf(req: Exclude<DBCoreMutateRequest, { type: 'deleteRange' }>, table: DBCoreTable): unknown[] {
  if (req.type === 'delete') return req.keys;
  return req.keys ?? req.values.map((v) => table.schema.primaryKey.extractKey!(v));
}

/**
 * The rows at `keys`, in their order. Many keys (a pull page) are first read as the one
 * range they span, a single request where one per key costs as much as the write itself;
 * when that range holds many more rows than asked for, they are read one by one.
 */
async function rowsAt(table: DBCoreTable, trans: DBCoreTransaction, keys: unknown[]): Promise<(Fields | undefined)[]> {
  if (keys.length < 50 || !keys.every((k): k is string => typeof k === 'string')) return table.getMany({ trans, keys });
  let lower = keys[0] as string;
  let upper = lower;
  for (const key of keys as string[]) {
    if (key < lower) lower = key;
    if (key > upper) upper = key;
  }
  const limit = keys.length * 2;
  const range = { type: 2 /* Range */, lower, upper, lowerOpen: false, upperOpen: false } as const;
  const answer = await table.query({
    trans,
    values: true,
    limit: limit + 1,
    query: { index: table.schema.primaryKey, range },
  });
  if (answer.result.length > limit) return table.getMany({ trans, keys });
  const byKey = new Map<unknown, Fields>();
  for (const row of answer.result as Fields[]) byKey.set(table.schema.primaryKey.extractKey!(row), row);
  return keys.map((key) => byKey.get(key));
}

/** The children history entries name (by cid or server id), read in `trans`. */
async function childrenNamed(
  children: DBCoreTable,
  trans: DBCoreTransaction,
  refs: Iterable<unknown>,
): Promise<Map<unknown, Fields>> {
  const wanted = [...new Set(refs)].filter((r) => typeof r === 'string' || typeof r === 'number');
  const cids = wanted.filter((r): r is string => typeof r === 'string');
  const ids = wanted.filter((r): r is number => typeof r === 'number');
  const [byCid, byId] = await Promise.all([
    cids.length ? rowsAt(children, trans, cids) : [],
    childrenById(children, trans, ids),
  ]);
  const found = new Map<unknown, Fields>(byId);
  cids.forEach((cid, i) => byCid[i] && found.set(cid, byCid[i]));
  return found;
}

/** Children by server id: the ids' span in one request when it holds few more children than asked for (a pull page's). */
async function childrenById(
  children: DBCoreTable,
  trans: DBCoreTransaction,
  ids: number[],
): Promise<Map<unknown, Fields>> {
  const index = children.schema.getIndexByKeyPath('id')!;
  const found = new Map<unknown, Fields>();
  if (ids.length >= 10) {
    const lower = Math.min(...ids);
    const upper = Math.max(...ids);
    const limit = ids.length * 2;
    const range = { type: 2 /* Range */, lower, upper, lowerOpen: false, upperOpen: false } as const;
    const answer = await children.query({ trans, values: true, limit: limit + 1, query: { index, range } });
    if (answer.result.length <= limit) {
      for (const child of answer.result as Fields[]) found.set(child.id, child);
      return found;
    }
  }
  const answers = await Promise.all(
    ids.map((id) => children.query({ trans, values: true, limit: 1, query: { index, range: equal(id) } })),
  );
  ids.forEach((id, i) => answers[i]!.result[0] && found.set(id, answers[i]!.result[0]));
  return found;
}

const equal = (key: unknown) => ({ type: 1 /* DBCoreRangeType.Equal */, lower: key, upper: key }) as const;

/** The entries that name a child by any of `refs`, read in `trans`. */
async function entriesNaming(history: DBCoreTable, trans: DBCoreTransaction, refs: unknown[]): Promise<Fields[]> {
  const index = history.schema.getIndexByKeyPath('childregId')!;
  const answers = await Promise.all(
    [...new Set(refs)].map((ref) => history.query({ trans, values: true, query: { index, range: equal(ref) } })),
  );
  const byCid = new Map<unknown, Fields>();
  for (const answer of answers) for (const row of answer.result as Fields[]) byCid.set(row.cid, row);
  return [...byCid.values()];
}

const refsOf = (child: Fields | undefined) =>
  child ? [child.cid, ...(typeof child.id === 'number' ? [child.id] : [])] : [];
const sameProfile = (a: Profile, b: Profile) => a?.gender === b?.gender && a?.center === b?.center;

/**
 * Applies a write to history or children and its counts' difference, in the write's
 * transaction: the rows it replaces are read first, then it is written, then the counts.
 */
async function writeCounted(
  down: DBCore,
  tableName: 'history' | 'children',
  req: DBCoreMutateRequest,
): Promise<DBCoreMutateResponse> {
  const { trans } = req;
  const table = down.table(tableName);
  const kept = down.table(KEPT_COUNTS);
  const primaryKey = table.schema.primaryKey;
  const meta = kept.get({ trans, key: 'meta' }) as Promise<KeptMeta | undefined>;
  // A range of keys (Dexie deletes a where() on the primary key so) is read when it holds
  // few rows; a cleared table or a large range makes the counts stale, made again at the next read.
  const held: Promise<(Fields | undefined)[]> =
    req.type === 'deleteRange'
      ? table
          .query({ trans, values: true, limit: MAX_RANGE + 1, query: { index: primaryKey, range: req.range } })
          .then((answer) => answer.result as Fields[])
      : rowsAt(table, trans, keysOf(req, table));
  // Read before the write is issued: a read issued after it (rowsAt's fallback) would see it.
  const [current, before] = await Promise.all([meta, held]);
  const res = await table.mutate(req);
  if (current?.version !== KEPT_COUNTS_VERSION) return res;
  if (req.type === 'deleteRange' && before.length > MAX_RANGE)
    await kept.mutate({ trans, type: 'delete', keys: ['meta'] });
  else await countWrite(down, tableName, req, before, res);
  return res;
}

/** Writes the counts' difference of a write done (`res`) over the rows it replaced (`before`). */
async function countWrite(
  down: DBCore,
  tableName: 'history' | 'children',
  req: DBCoreMutateRequest,
  before: (Fields | undefined)[],
  res: DBCoreMutateResponse,
): Promise<void> {
  const { trans } = req;
  const keys =
    req.type === 'deleteRange'
      ? before.map((row) => down.table(tableName).schema.primaryKey.extractKey!(row))
      : keysOf(req, down.table(tableName));
  const after: (Fields | undefined)[] =
    req.type === 'put' || req.type === 'add' ? (req.values as Fields[]) : keys.map(() => undefined);
  // A row whose write failed (a bulk write goes on past it) keeps what it had.
  const failures = res.failures ?? {};
  const changed = keys.flatMap((_, i) => (i in failures ? [] : [{ before: before[i], after: after[i] }]));
  const deltas = new Deltas();
  if (tableName === 'history') {
    const refs = changed.flatMap((c) => [c.before?.childregId, c.after?.childregId]);
    const children = await childrenNamed(down.table('children'), trans, refs);
    for (const { before: old, after: now } of changed) {
      deltas.trend(old, -1);
      deltas.trend(now, 1);
      deltas.exit(old, -1);
      deltas.exit(now, 1);
      deltas.report(old, profileOf(children.get(old?.childregId)), -1);
      deltas.report(now, profileOf(children.get(now?.childregId)), 1);
    }
  } else {
    const moved: { old: Fields | undefined; now: Fields | undefined }[] = [];
    for (const { before: old, after: now } of changed) {
      deltas.arrival(old, -1);
      deltas.arrival(now, 1);
      const refsMoved = refsOf(old).join() !== refsOf(now).join();
      if (refsMoved || !sameProfile(profileOf(old), profileOf(now))) moved.push({ old, now });
    }
    // A child whose gender, center, deletion or keys changed moves its entries' counts (R20).
    // Children pulled before any history (a first sync) have none to move.
    const history = down.table('history');
    const any = {
      index: history.schema.primaryKey,
      range: { type: 3 /* Any */, lower: down.MIN_KEY, upper: down.MAX_KEY },
    } as const;
    const held = moved.length ? (await history.query({ trans, limit: 1, query: any })).result.length > 0 : false;
    const named = await Promise.all(
      (held ? moved : []).map(({ old, now }) => entriesNaming(history, trans, [...refsOf(old), ...refsOf(now)])),
    );
    named.forEach((entries, i) => {
      const { old, now } = moved[i]!;
      const oldRefs = refsOf(old);
      const newRefs = refsOf(now);
      for (const entry of entries) {
        if (oldRefs.includes(entry.childregId)) deltas.report(entry, profileOf(old), -1);
        if (newRefs.includes(entry.childregId)) deltas.report(entry, profileOf(now), 1);
      }
    });
  }
  await applyDeltas(down.table(KEPT_COUNTS), trans, deltas);
}

async function applyDeltas(kept: DBCoreTable, trans: DBCoreTransaction, deltas: Deltas) {
  const numbers = [...deltas.numbers].filter(([, n]) => n !== 0);
  const reports = [...deltas.reports.values()].filter((d) => [...d.days.values()].some((n) => n !== 0));
  const keys = [...numbers.map(([key]) => key), ...reports.map((d) => d.row.key)];
  if (!keys.length) return;
  const stored = (await kept.getMany({ trans, keys })) as (KeptCountRow | undefined)[];
  const puts: KeptCountRow[] = [];
  const deletes: string[] = [];
  numbers.forEach(([key, by], i) => {
    const n = ((stored[i] as KeptNumberRow | undefined)?.n ?? 0) + by;
    if (n) puts.push({ key, n });
    else deletes.push(key);
  });
  reports.forEach(({ row, days }, j) => {
    const held = stored[numbers.length + j] as KeptReportRow | KeptExitRow | undefined;
    const counts = { ...held?.days };
    for (const [day, by] of days) {
      const n = (counts[day] ?? 0) + by;
      if (n) counts[day] = n;
      else delete counts[day];
    }
    if (Object.keys(counts).length) puts.push({ ...row, days: counts });
    else deletes.push(row.key);
  });
  if (puts.length) await kept.mutate({ trans, type: 'put', values: puts });
  if (deletes.length) await kept.mutate({ trans, type: 'delete', keys: deletes });
}

const COUNTED = ['history', 'children'];

/** Keeps `keptCounts` current from every write to history or children (see the top of this file). */
export function keptCountsMiddleware(): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'keptCounts',
    // Next to IndexedDB, under Dexie's own middlewares: its reads and writes need no Dexie
    // zone (this one awaits), and the writes it is given are already as Dexie stores them. Its
    // own writes are not seen by live queries (observability is above it): a reader of the
    // counts also reads history and children, whose writes are (keptCountRows).
    level: -2,
    create: (down) => {
      const has = (name: string) => down.schema.tables.some((t) => t.name === name);
      if (!has(KEPT_COUNTS)) return down;
      // Writes of one transaction are counted one after another: each reads the counts the
      // previous one wrote.
      const queues = new WeakMap<DBCoreTransaction, Promise<unknown>>();
      return {
        ...down,
        transaction: (stores, mode, options) =>
          down.transaction(
            mode === 'readwrite' && stores.some((s) => COUNTED.includes(s))
              ? [...new Set([...stores, ...COUNTED, KEPT_COUNTS])]
              : stores,
            mode,
            options,
          ),
        table: (name) => {
          const inner = down.table(name);
          if (name !== 'history' && name !== 'children') return inner;
          return {
            ...inner,
            mutate: (req) => {
              const idb = req.trans as unknown as IDBTransaction;
              // An upgrade writes before the counts' table exists; its counts are rebuilt after.
              if (idb.mode === 'versionchange' || !idb.objectStoreNames.contains(KEPT_COUNTS)) return inner.mutate(req);
              const run = () => writeCounted(down, name, req);
              const previous = queues.get(req.trans);
              const next = previous ? previous.then(run, run) : run();
              queues.set(
                req.trans,
                next.catch(() => undefined),
              );
              // Dexie's promise, so what the caller chains on it runs in the caller's zone.
              return Dexie.Promise.resolve(next);
            },
          };
        },
      };
    },
  };
}

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
