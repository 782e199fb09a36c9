import type { EntityName } from '../entities/registry';
import Dexie, { type Table } from 'dexie';
import { ChildListIndex, childIndexMiddleware } from './child-index';
import { TableMirror, tableMirrorMiddleware } from './table-mirror';
import { KEPT_COUNTS, KEPT_COUNTS_VERSION, type KeptCountRow } from './kept-counts';
import { keptCountsMiddleware } from './kept-counts-writes';
import { exitRestoreRoutes, type AccessEntry } from '../contract';
import { sealMiddleware, type SealedCore } from './seal-middleware';
import { hasDataKey } from './seal';

/** Sync state of a local row (DESIGN: Data on the device). */
export type RowSyncState = 'synced' | 'pending' | 'conflict' | 'rejected';
/** Every state but `synced`: the rows the `_sync` index holds (see unreadIndexFields). */
export const UNSENT_STATES: readonly RowSyncState[] = ['pending', 'conflict', 'rejected'];

/** Columns every local entity row carries besides its own fields. */
/** What the sync engine keeps on every local row. */
type SyncFields = {
  cid: string;
  id?: number;
  _base?: Record<string, unknown> | null;
  _sync?: RowSyncState;
  /** When (device clock) the server last accepted a write of this record (pull.ts: an older full page leaves it). */
  _answeredAt?: number;
};

/**
 * A record on the device: the entity's fields (a contract type, `LocalRow<Tag>`, for the
 * screens; any fields for the engine) and the sync engine's own.
 */
export type LocalRow<T extends object = { [field: string]: unknown }> = SyncFields & Omit<T, keyof SyncFields>;

/** A queued write (DESIGN: Writes). Filled by the sync engine. */
export type OutboxEntry = {
  seq?: number;
  mutationId: string;
  entity: EntityName;
  op: string;
  cid: string;
  payload: Record<string, unknown>;
  fileKeys: string[];
  baseUpdatedAt: string | null;
  dependsOn: string[];
  attempts: number;
  /**
   * The entry went out under its current Idempotency-Key at least once (R3). Not the
   * same as `attempts > 0`: a 401 or a dead tab leaves no attempt counted. Absent on
   * entries written before v4's code: `attempts` decides for those.
   */
  sent?: boolean;
  /**
   * When the entry first went out (device clock). A create sent again to a backend without
   * Idempotency-Key is first looked up among records made since (engine/documented-checks.ts).
   */
  sentAt?: number;
  nextAttemptAt: number;
  lastError: string | null;
  status: 'queued' | 'sending' | 'rejected' | 'conflict';
};

/** What a form held when it was last typed in, kept until it is saved or discarded (DESIGN: nothing typed is lost). */
export type DraftRow = { key: string; values: Record<string, unknown>; savedAt: number };

export type ConflictRow = {
  id?: number;
  entity: EntityName;
  cid: string;
  base: Record<string, unknown> | null;
  mine: Record<string, unknown>;
  theirs: Record<string, unknown> | null;
  createdAt: number;
};

/**
 * A queued access to a child's personal data (device/access-log.ts), `seq` its place in the
 * queue; `child_cids` the children it names that had no server id yet (sent once they have).
 */
export type AccessQueueRow = AccessEntry & { seq?: number; child_cids?: string[] };

/**
 * A file picked on this device, not uploaded yet. Its bytes, sealed with the row; `blob`
 * only in a row from before sealing (v12 and earlier), until it is sealed (seal-existing.ts).
 */
export type FileRow = { key: string; bytes?: Uint8Array; blob?: Blob; name: string; type: string; createdAt: number };

/** The file of a FileRow, as a Blob. */
export const fileBlob = (row: FileRow): Blob =>
  row.bytes ? new Blob([row.bytes as BlobPart], { type: row.type }) : (row.blob ?? new Blob([], { type: row.type }));

/** Cached answers of small reads (lookups, dashboard, counts), keyed by what was asked. */
export type LookupRow = { key: string; data: unknown; pulledAt: number };

export type SyncStateRow = { collection: string; cursor: string | null; lastPullAt: number | null };

/** Entity tables: one per entity of the spec, keyed by cid with the server id indexed. */
export const entityTables = [
  'children',
  'history',
  'documents',
  'cwcProduce',
  'cwcRefer',
  'centers',
  'centerPoints',
  'tags',
  'roles',
  'users',
  'meals',
  'previousBalances',
  'schemes',
  'notifications',
  'activityLogs',
  'beneficiaries',
  'beneficiaryDocuments',
] as const;
export type EntityTable = (typeof entityTables)[number];

const entityIndexes: Record<EntityTable, string> = {
  children: 'cid, &id, centerdetailId, name, updated_at, _sync',
  history: 'cid, &id, childregId, centerId, history_status, updated_at, _sync',
  documents: 'cid, &id, childregId, updated_at, _sync',
  cwcProduce: 'cid, &id, centerId, transfer_date, _sync',
  cwcRefer: 'cid, &id, centerId, transfer_date, _sync',
  centers: 'cid, &id, centertypeId, name, _sync',
  centerPoints: 'cid, &id',
  tags: 'cid, &id, name, _sync',
  roles: 'cid, &id, name, _sync',
  users: 'cid, &id, centerId, role_id, _sync',
  meals: 'cid, &id, center_id, meal_date, _sync',
  previousBalances: 'cid, &id, centerId, activity_date, _sync',
  schemes: 'cid, &id, name, _sync',
  notifications: 'cid, &id, childregId, centerId',
  activityLogs: 'cid, &id, childregId, _sync',
  beneficiaries: 'cid, &id, [service+centerId+service_date], [service+service_date], _sync',
  beneficiaryDocuments: 'cid, &id, beneficiaryId, updated_at, _sync',
};

const outboxTables = {
  outbox: '++seq, &mutationId, cid, entity, status, nextAttemptAt',
  conflicts: '++id, cid, entity',
  files: 'key',
  lookups: 'key',
  syncState: 'collection',
};

/** The first schema; kept so a database of that version can be opened and upgraded. */
const {
  activityLogs: _v3Only,
  beneficiaries: _v5Only,
  beneficiaryDocuments: _v9Only,
  ...entityIndexesV1
} = entityIndexes;
export const schemaV1: Record<string, string> = { ...entityIndexesV1, ...outboxTables };

const withSyncIndex = (indexes: string) => (indexes.includes('_sync') ? indexes : `${indexes}, _sync`);
export const schemaV2: Record<string, string> = {
  ...Object.fromEntries(Object.entries(entityIndexesV1).map(([table, indexes]) => [table, withSyncIndex(indexes)])),
  children: `${entityIndexes.children}, _deleted`,
  ...outboxTables,
};

const historyV4 = schemaV2.history!;

/*
 * Every index of the two big tables (tens of thousands of children, hundreds of thousands
 * of entries: each index is one more write per row of every pull page), with the query that
 * needs it. v10 dropped the others: the child list filters, sorts and counts in memory
 * (child-index.ts), the reports and the dashboard read kept counts (kept-counts.ts) and the
 * kept fields (table-mirror.ts), none reads by them.
 *
 * | table | index | needed by |
 * | --- | --- | --- |
 * | history | cid (primary) | every read and write by row |
 * | history | &id | pull (a page's rows by server id), replay (a create's answer), batch (R19), present-status |
 * | history | childregId | a child's history (queries/actions.ts, child-records-kept.ts), Present Status, R8 id remapping, kept counts (a child moved) |
 * | history | _sync (unsent rows only) | exit lists (rows with unsent changes), the full pull's diff (R16) |
 * | history | [history_status+transfer_date] (exit list statuses only) | exit lists: a status's page by date, newest first |
 * | history | [history_status+centerId+transfer_date] (the same) | exit lists filtered by center |
 * | children | cid (primary) | every read and write by row |
 * | children | &id | pull, replay, entries naming a child by id (exit lists, present-status, kept counts), photo prefetch order |
 * | children | _sync (unsent rows only) | the child list's unsynced rows, short stay register, full pull's diff |
 * | children | [short_stay_status+dateofarrival] (short stay children only) | short stay register |
 * | children | [short_stay_status+centerdetailId+dateofarrival] (the same) | short stay register by center |
 * | meals | cid (primary) | every read and write by row |
 * | meals | &id | pull, replay |
 * | meals | _sync (unsent rows only) | the full pull's diff (R16) |
 * | outbox | ++seq (primary) | replay's order (R6), a claim's and an answer's entries |
 * | outbox | &mutationId | one entry per Idempotency-Key (R7) |
 * | outbox | cid | a record's queued entries: coalescing (R3), an answer's later edits, rebase, review, pull's pending rows |
 * | outbox | status | rejected and conflicting entries (review queue, sync status, inventory), Background Sync's count |
 * | outbox | *dependsOn | R8 id remapping: the entries waiting for a created record |
 *
 * Dropped in v10: history centerId, history_status, updated_at; children centerdetailId
 * (a center's children are counted over the list index, queries/admin.ts), updated_at,
 * _deleted. Dropped in v12: meals center_id, meal_date, meal_type: Meal Management filters
 * and sorts the table in memory (queries/part2-lists.ts) and the dashboard's trend reads
 * its mirror; a year of three or four meals a day at each center is thousands of rows, each
 * of those indexes one more write per row of every pull page. The other small tables keep
 * theirs: a few hundred rows each, their cost is not seen.
 * Dropped in v13: children name (an index is in clear, and a name identifies a child; the
 * duplicate check reads names from the child list's index in memory).
 * Dropped in v14: outbox entity and nextAttemptAt, which no query reads: every save writes
 * its entry, and replay writes each entry twice more (claimed, then removed).
 */
const historyV10 =
  'cid, &id, childregId, _sync, [history_status+transfer_date], [history_status+centerId+transfer_date]';

/** The statuses the exit/restoration lists read by [history_status+...] (queries/exits.ts). */
export const EXIT_LIST_STATUSES: ReadonlySet<unknown> = new Set(Object.values(exitRestoreRoutes));

/**
 * The index fields a row seals with the rest of it (seal.ts) because no query reads that row
 * by their index; IndexedDB leaves a row without an index's field out of that index. Most
 * rows of the big tables are in none of these indexes: a synced row in no `_sync` (every
 * query by it asks for unsent changes; pull.ts removeMissing takes the rest as synced), a
 * history entry of a status no exit list shows (a medical visit, a school year) in neither
 * [history_status+...] index, a child not on short stay in neither [short_stay_status+...]
 * one. Each was one more index write a row of every pull page, and a field left in clear.
 * The fields listed are in no other index of their table (the index table above).
 */
export function unreadIndexFields(table: string, row: Record<string, unknown>): readonly string[] {
  const fields: string[] = row._sync === 'synced' ? ['_sync'] : [];
  if (table === 'history' && !EXIT_LIST_STATUSES.has(row.history_status))
    fields.push('history_status', 'centerId', 'transfer_date');
  if (table === 'children' && row.short_stay_status !== 'yes')
    fields.push('short_stay_status', 'centerdetailId', 'dateofarrival');
  return fields;
}
const childrenV10 =
  'cid, &id, name, _sync, [short_stay_status+dateofarrival], [short_stay_status+centerdetailId+dateofarrival]';
const mealsV12 = 'cid, &id, _sync';
const childrenV13 = childrenV10.replace(' name,', '');
const outboxV14 = '++seq, &mutationId, cid, status, *dependsOn';

/**
 * The per-user database (one per signed-in user and API origin). Every schema
 * change is a new version whose upgrade keeps existing rows and the outbox.
 */
export class AppDb extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  conflicts!: Table<ConflictRow, number>;
  files!: Table<FileRow, string>;
  lookups!: Table<LookupRow, string>;
  syncState!: Table<SyncStateRow, string>;
  drafts!: Table<DraftRow, string>;
  keptCounts!: Table<KeptCountRow, string>;
  /** Accesses to children's personal data not sent yet (device/access-log.ts). */
  accessQueue!: Table<AccessQueueRow, number>;
  /** The tables below sealing (seal-middleware.ts), for sealing a database from before it in place. */
  readonly sealedCore: SealedCore = { down: null };
  /**
   * Tables kept in clear: only the sync state (pull cursors of updated_at and ids, when each
   * collection was last pulled, which extensions a server lacks): it names nobody. Every
   * other table holds, or points to, what a child told.
   */
  readonly clearTables: readonly string[] = ['syncState'];
  /** The Child Registration List's filter, sort and search index, kept current by every write to children. */
  readonly childIndex = new ChildListIndex(() => this.entity('children').toArray());
  /**
   * The fields the device lists over whole tables (a report count's details, the registered
   * beneficiaries), kept in memory (table-mirror.ts); the counts are in `keptCounts`.
   */
  readonly historyFacts: TableMirror<HistoryFacts> = new TableMirror<HistoryFacts>(this, 'history', [
    'cid',
    'id',
    'childregId',
    'centerId',
    'history_status',
    'transfer_date',
    'history_date',
    '_deleted',
    'deleted_at',
  ]);
  readonly childFacts: TableMirror<ChildFacts> = new TableMirror<ChildFacts>(this, 'children', [
    'cid',
    'id',
    'gender',
    'centerdetailId',
    'dateofarrival',
    '_deleted',
    'deleted_at',
  ]);
  /**
   * The dashboard's meals trend: each meal's day and children fed. Read whole at each pull
   * page of meals, the table made the first sync quadratic (5,500 meals in 11 pages read 33,000
   * rows back); the mirror reads only the page's keys again.
   */
  readonly mealFacts: TableMirror<MealFacts> = new TableMirror<MealFacts>(this, 'meals', [
    'meal_date',
    'child_count',
    '_deleted',
  ]);

  constructor(name: string) {
    // strict: a queued write survives power loss the moment the transaction commits.
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores(schemaV1);
    // v2: every entity table indexes `_sync` (badges, full-pull diff) and children
    // index `_deleted` (lists hide pending deletes). Rows from v1 without a sync
    // state came from the server, so they are 'synced'. The outbox is untouched.
    this.version(2)
      .stores(schemaV2)
      .upgrade(async (tx) => {
        for (const name of entityTables.filter((t) => t in entityIndexesV1)) {
          await tx
            .table(name)
            .toCollection()
            .modify((row: LocalRow) => {
              row._sync ??= 'synced';
            });
        }
      });
    // v3: the activity log of each child, kept for offline reading.
    this.version(3).stores({ activityLogs: entityIndexes.activityLogs });
    // v4: queued entries indexed by the records they wait for (id remapping reads only
    // those), and CWC records by child, so they can name a child created offline.
    this.version(4).stores({
      outbox: `${outboxTables.outbox}, *dependsOn`,
      cwcProduce: `${entityIndexes.cwcProduce}, childregId`,
      cwcRefer: `${entityIndexes.cwcRefer}, childregId`,
    });
    // v5 (part 2 lists): the exit/restoration lists page through one status's entries by
    // date, with or without a center, from compound indexes instead of scanning history;
    // the short stay register likewise over children; non-registered beneficiaries get
    // their table; notifications index their read mark so unread ones are counted by key.
    this.version(5).stores({
      history: `${historyV4}, [history_status+transfer_date], [history_status+centerId+transfer_date]`,
      children: `${schemaV2.children}, [short_stay_status+dateofarrival], [short_stay_status+centerdetailId+dateofarrival]`,
      notifications: `${schemaV2.notifications}, read`,
      beneficiaries: entityIndexes.beneficiaries,
    });
    // v6: meals indexed by meal type (the Meal Management filter).
    this.version(6).stores({ meals: `${entityIndexes.meals}, meal_type` });
    // v8: form drafts, so what was typed survives leaving the form, a closed tab or a
    // dead battery. (7 was kept for the child list's indexes; that list filters and sorts
    // in memory instead, see child-index.ts, so 7 is unused.)
    this.version(8).stores({ drafts: 'key' });
    // v9: a non-registered beneficiary's documents, indexed by their beneficiary so a
    // document of a beneficiary created offline gets its id with it (R8).
    this.version(9).stores({ beneficiaryDocuments: entityIndexes.beneficiaryDocuments });
    // v10: history and children keep only the indexes a query reads (the table above
    // historyV10), and the counts the dashboard and the reports read are kept
    // (kept-counts.ts). An upgraded database has none yet: its first read counts them.
    this.version(10).stores({ history: historyV10, children: childrenV10, [KEPT_COUNTS]: 'key' });
    // v11: the access log's queue (device/access-log.ts), append-only, sent oldest first.
    this.version(11).stores({ accessQueue: '++seq' });
    // v12: meals keep only the indexes a query reads (mealsV12).
    this.version(12).stores({ meals: mealsV12 });
    // v13: rows are sealed (seal.ts) and keep in clear only what their indexes are made of,
    // so no index may be on what identifies a child: children lose `name`. The rows of an
    // upgraded database are sealed at its first unlock (seal-existing.ts), not here: the
    // upgrade runs before any key is in memory.
    this.version(13).stores({ children: childrenV13 });
    // v14: the outbox keeps only the indexes a query reads (the table above outboxV14).
    this.version(14).stores({ outbox: outboxV14 });
    // A new database has no rows, so its counts are current from the start.
    // Made while locked (no key to seal it with), it has no meta: its first read counts, and finds nothing.
    this.on('populate', (tx) => {
      if (hasDataKey(this.name)) void tx.table(KEPT_COUNTS).put({ key: 'meta', version: KEPT_COUNTS_VERSION });
    });
    this.use(childIndexMiddleware('children', this.childIndex));
    this.use(tableMirrorMiddleware([this.historyFacts, this.childFacts, this.mealFacts]));
    this.use(keptCountsMiddleware());
    this.use(sealMiddleware(this.sealedCore, this.clearTables, unreadIndexFields));
    // Opened again (after a delete or a close): what the index held may no longer be there.
    this.on('ready', () => this.childIndex.invalidate(), true);
  }

  override close(options?: { disableAutoOpen: boolean }): void {
    this.historyFacts.dispose();
    this.childFacts.dispose();
    this.mealFacts.dispose();
    super.close(options);
  }

  entity(name: EntityTable): Table<LocalRow, string> {
    return this.table(name);
  }
}

/** What the device counts of a history entry (its category, date, child and center). */
export type HistoryFacts = {
  cid: string;
  id?: number;
  childregId?: number | string;
  centerId?: number | null;
  history_status?: string;
  transfer_date?: string | null;
  history_date?: string | null;
  _deleted?: number;
  deleted_at?: string | null;
};
/** What the dashboard's meals trend counts of a meal. */
export type MealFacts = {
  meal_date?: string;
  child_count?: number | string | null;
  _deleted?: number;
};
/** What the device counts of a child (gender, center, arrival). */
export type ChildFacts = {
  cid: string;
  id?: number;
  gender?: string | null;
  centerdetailId?: number | null;
  dateofarrival?: string | null;
  _deleted?: number;
  deleted_at?: string | null;
};

/** Children by the keys a history entry names its child with: the local cid and, once synced, the server id. */
export function childrenByKey(children: Iterable<ChildFacts>): Map<unknown, ChildFacts> {
  const byKey = new Map<unknown, ChildFacts>();
  for (const child of children) {
    byKey.set(child.cid, child);
    if (typeof child.id === 'number') byKey.set(child.id, child);
  }
  return byKey;
}

/** Name of the database of `userId` on `apiOrigin`. */
export function appDbName(userId: number | string, apiOrigin: string): string {
  return `ashray-u${String(userId).replace(/[^a-z0-9]+/gi, '_')}-${apiOrigin.replace(/[^a-z0-9]+/gi, '_')}`;
}
