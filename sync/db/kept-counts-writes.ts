import Dexie, {
  type DBCore,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreTable,
  type DBCoreTransaction,
  type Middleware,
} from 'dexie';
import {
  COUNTED,
  Deltas,
  KEPT_COUNTS,
  KEPT_COUNTS_VERSION,
  profileOf,
  profilesKey,
  type Fields,
  type KeptCountRow,
  type KeptExitRow,
  type KeptMeta,
  type KeptNumberRow,
  type KeptProfilesRow,
  type KeptReportRow,
  type Profile,
} from './kept-counts';

/*
 * The write side of the kept counts (kept-counts.ts says what they are): a DBCore middleware
 * that counts every put and delete on history and children in the transaction that writes it.
 */

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

/**
 * The profiles of the children history entries name: by server id from the kept profiles (a
 * few rows for a whole page), by cid (a child created here, not sent yet) from the child.
 */
async function profilesNamed(
  down: DBCore,
  trans: DBCoreTransaction,
  refs: Iterable<unknown>,
): Promise<Map<unknown, Profile>> {
  const wanted = [...new Set(refs)];
  const cids = wanted.filter((r): r is string => typeof r === 'string');
  const ids = wanted.filter((r): r is number => typeof r === 'number');
  const rowKeys = [...new Set(ids.map(profilesKey))];
  const [byCid, rows] = await Promise.all([
    cids.length ? rowsAt(down.table('children'), trans, cids) : [],
    rowKeys.length
      ? (down.table(KEPT_COUNTS).getMany({ trans, keys: rowKeys }) as Promise<(KeptProfilesRow | undefined)[]>)
      : [],
  ]);
  const found = new Map<unknown, Profile>();
  cids.forEach((cid, i) => found.set(cid, profileOf(byCid[i])));
  for (const row of rows)
    for (const [id, [gender, center]] of Object.entries(row?.profiles ?? {})) found.set(Number(id), { gender, center });
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
    const profiles = await profilesNamed(down, trans, refs);
    for (const { before: old, after: now } of changed) {
      deltas.trend(old, -1);
      deltas.trend(now, 1);
      deltas.exit(old, -1);
      deltas.exit(now, 1);
      deltas.report(old, profiles.get(old?.childregId) ?? null, -1);
      deltas.report(now, profiles.get(now?.childregId) ?? null, 1);
    }
  } else {
    const moved: { old: Fields | undefined; now: Fields | undefined }[] = [];
    for (const { before: old, after: now } of changed) {
      deltas.arrival(old, -1);
      deltas.arrival(now, 1);
      const refsMoved = refsOf(old).join() !== refsOf(now).join();
      if (!refsMoved && sameProfile(profileOf(old), profileOf(now))) continue;
      moved.push({ old, now });
      deltas.profile(old?.id, undefined);
      deltas.profile(now?.id, now);
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
  const profiles = [...deltas.profiles];
  const keys = [...numbers.map(([key]) => key), ...reports.map((d) => d.row.key), ...profiles.map(([key]) => key)];
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
  profiles.forEach(([key, changes], k) => {
    const held = stored[numbers.length + reports.length + k] as KeptProfilesRow | undefined;
    const kept = { ...held?.profiles };
    for (const [id, profile] of changes) {
      if (profile) kept[id] = profile;
      else delete kept[id];
    }
    if (Object.keys(kept).length) puts.push({ key, profiles: kept });
    else if (held) deletes.push(key);
  });
  if (puts.length) await kept.mutate({ trans, type: 'put', values: puts });
  if (deletes.length) await kept.mutate({ trans, type: 'delete', keys: deletes });
}

/** Keeps `keptCounts` current from every write to history or children (kept-counts.ts). */
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
