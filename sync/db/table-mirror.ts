import Dexie, {
  RangeSet,
  type DBCore,
  type DBCoreMutateRequest,
  type IntervalTree,
  type Middleware,
  type ObservabilitySet,
  type Table,
} from 'dexie';

/**
 * A few fields of every row of one table, held in memory, for the screens that list over
 * a whole table (a report count's details, the registered beneficiaries; the counts
 * themselves are kept in IndexedDB, kept-counts.ts): at 20,000 children and 200,000 history
 * rows, reading every row again for each of them took over a second; going over the kept
 * fields takes tens of milliseconds.
 *
 * The keys a write touches are read again at the next use. They are marked when the write
 * is issued (tableMirrorMiddleware, which only marks: it reads nothing and changes no
 * request), because Dexie re-runs a live query optimistically, before the write commits;
 * the re-read itself waits for the commit, as IndexedDB orders a read after the earlier
 * write on the same table. Writes from other tabs arrive through Dexie's change signal
 * (`storagemutated`, which drives live queries across tabs); the signal of this connection's
 * own commit is passed over, its keys being marked already (a pull page of 100 entries is
 * 100 keys read again, not the table). A write whose keys are not known (a cleared table, a
 * range delete, another tab's signal for 50 rows or more) makes the next use read the table
 * again. A database opened again (after a delete or a close) starts from nothing.
 */
/** An IndexedDB transaction as Dexie's observability middleware leaves it (its private field). */
type OwnTransaction = IDBTransaction & { mutatedParts?: ObservabilitySet };

/** More keys written than this between two reads: the next read reads the whole table. */
const MAX_DIRTY_KEYS = 5_000;

export class TableMirror<T extends Record<string, unknown>> {
  private rows = new Map<string, T>();
  private building: Promise<void> | null = null;
  /** Keys written since they were last read, or 'all' when the whole table must be read again. */
  private dirty: Set<string> | 'all' = 'all';
  /** Counts the writes seen, so a caller waits only for a read that began after its own writes. */
  private changes = 0;
  private buildStart = -1;
  private listening = false;
  /** This connection's write transactions whose commit has not been signalled yet. */
  private readonly own = new Set<OwnTransaction>();
  /** How many times the whole table was read (the bench and the tests watch it). */
  fullReads = 0;

  constructor(
    private readonly db: Dexie,
    readonly tableName: string,
    private readonly fields: readonly (keyof T & string)[],
  ) {
    db.on('ready', () => this.reset(), true);
  }

  private get table(): Table<Record<string, unknown>, string> {
    return this.db.table(this.tableName);
  }

  private pick(row: Record<string, unknown>): T {
    const kept: Record<string, unknown> = {};
    for (const field of this.fields) if (row[field] !== undefined) kept[field] = row[field];
    return kept as T;
  }

  private reset() {
    this.changes++;
    this.dirty = 'all';
  }

  private readonly onMutated = (parts: ObservabilitySet) => {
    const tree: IntervalTree | undefined = parts[`idb://${this.db.name}/${this.tableName}/`];
    if (!tree) return;
    // Dexie signals a commit with the observability set it kept on the transaction. When it
    // is one of ours, written() marked its keys; anything else (another tab) is read here.
    for (const trans of this.own) if (trans.mutatedParts === parts) return;
    this.changes++;
    if (this.dirty === 'all') return;
    for (const range of RangeSet(tree)) {
      if (range.from !== range.to || typeof range.from !== 'string') return this.reset();
      this.dirty.add(range.from);
    }
  };

  /** A write to the table is being issued on this connection (see tableMirrorMiddleware). */
  written(req: DBCoreMutateRequest, keyOf: (row: unknown) => unknown) {
    this.changes++;
    this.follow(req.trans as OwnTransaction);
    if (this.dirty === 'all') return;
    // A range, or past a few thousand keys: reading the table again is cheaper than each key.
    if (req.type === 'deleteRange') return this.reset();
    const count = req.type === 'delete' ? req.keys.length : req.values.length;
    if (this.dirty.size + count > MAX_DIRTY_KEYS) return this.reset();
    const keys = req.type === 'delete' ? req.keys : (req.keys ?? req.values.map(keyOf));
    for (const key of keys) {
      if (typeof key !== 'string') return this.reset();
      this.dirty.add(key);
    }
  }

  private follow(trans: OwnTransaction) {
    if (this.own.has(trans) || typeof trans.addEventListener !== 'function') return;
    this.own.add(trans);
    // Forgotten a task after the commit: Dexie signals it from its oncomplete handler, which
    // an event target may call before or after the listeners added here.
    const done = () => setTimeout(() => this.own.delete(trans), 0);
    trans.addEventListener('complete', done);
    trans.addEventListener('abort', done);
  }

  /** Stops following the writes (the database is closed for good). */
  dispose() {
    if (this.listening) Dexie.on.storagemutated.unsubscribe(this.onMutated);
    this.listening = false;
    this.reset();
  }

  /**
   * The kept fields of every row, as of the last write committed before the call. Inside a
   * live query it also reads one row over the table's whole key range, so the query re-runs
   * on any write to the table.
   */
  async values(): Promise<Iterable<T>> {
    if (!this.listening) {
      Dexie.on.storagemutated.subscribe(this.onMutated);
      this.listening = true;
    }
    await Promise.all([this.catchUp(), this.table.limit(1).toArray()]);
    return this.rows.values();
  }

  /**
   * The kept fields when the table has been read whole already (the written keys are read
   * again first), or null before that: for a caller that has a cheaper way than a first
   * full read (the exit lists count over an index then).
   */
  async keptValues(): Promise<Iterable<T> | null> {
    if (this.dirty === 'all' || this.building) return null;
    return this.values();
  }

  private async catchUp(): Promise<void> {
    const asOf = this.changes;
    for (;;) {
      if (this.dirty === 'all') this.building ??= this.rebuild().finally(() => (this.building = null));
      // A read of the table under way (another caller's too) is waited for.
      if (!this.building) break;
      const startedAt = this.buildStart;
      await this.building;
      // A read that began after every write the caller saw is enough; a write during it
      // is the next call's (a live query re-runs on it).
      if (this.dirty !== 'all' || startedAt >= asOf) break;
    }
    while (this.dirty !== 'all' && this.dirty.size > 0) {
      const keys = [...this.dirty];
      this.dirty.clear();
      // A key written again while it is read is dirty again, and read once more.
      const rows = await this.table.bulkGet(keys).catch((error: unknown) => {
        this.reset();
        throw error;
      });
      keys.forEach((key, i) => {
        const row = rows[i];
        if (row) this.rows.set(key, this.pick(row));
        else this.rows.delete(key);
      });
    }
  }

  private async rebuild(): Promise<void> {
    this.buildStart = this.changes;
    this.fullReads++;
    // Keys written while the table is read are collected, and read again after it.
    this.dirty = new Set();
    const keyPath = this.table.schema.primKey.keyPath as string;
    const rows = new Map<string, T>();
    try {
      for (const row of await this.table.toArray()) rows.set(row[keyPath] as string, this.pick(row));
    } catch (error) {
      this.reset();
      throw error;
    }
    this.rows = rows;
  }
}

/** Marks the keys each write to a mirrored table touches, as the write is issued. */
export function tableMirrorMiddleware(
  mirrors: readonly Pick<TableMirror<never>, 'tableName' | 'written'>[],
): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'tableMirror',
    create: (down) => ({
      ...down,
      table: (name) => {
        const inner = down.table(name);
        const mirror = mirrors.find((m) => m.tableName === name);
        if (!mirror) return inner;
        const keyOf = (row: unknown) => inner.schema.primaryKey.extractKey?.(row);
        return {
          ...inner,
          mutate: (req) => {
            mirror.written(req, keyOf);
            return inner.mutate(req);
          },
        };
      },
    }),
  };
}
