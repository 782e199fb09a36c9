import type { DBCore, DBCoreCursor, DBCoreTable, DBCoreTableSchema, Middleware } from 'dexie';
import { currentDataKey, DataLockedError, openRow, sealRow, type UnreadIndexFields } from './seal';

/**
 * The DBCore of the tables as IndexedDB holds them (rows sealed), for the in-place sealing
 * of a database from before sealing (seal-existing.ts). Set when the middleware is made.
 */
export type SealedCore = { down: DBCore | null };

/** What a table keeps in clear: the fields of its primary key and its indexes, and no other. */
export function clearFieldsOf(schema: DBCoreTableSchema): Set<string> {
  const fields = new Set<string>();
  const add = (keyPath: string | string[] | null | undefined) => {
    if (!keyPath) return;
    for (const path of Array.isArray(keyPath) ? keyPath : [keyPath]) fields.add(path.split('.')[0]!);
  };
  add(schema.primaryKey.keyPath);
  for (const index of schema.indexes) add(index.keyPath);
  return fields;
}

function openingCursor(db: string, cursor: DBCoreCursor | null): DBCoreCursor | null {
  if (!cursor) return null;
  // As Dexie's own cursor middlewares do: the native getters need the cursor as `this`.
  return Object.create(cursor, {
    key: { get: () => cursor.key },
    primaryKey: { get: () => cursor.primaryKey },
    value: { get: () => openRow(currentDataKey(db), cursor.value) },
  }) as DBCoreCursor;
}

function sealedTable(db: string, inner: DBCoreTable, unread: UnreadIndexFields): DBCoreTable {
  const clear = clearFieldsOf(inner.schema);
  const table = inner.name;
  const openAll = (rows: unknown[]) => {
    const key = currentDataKey(db);
    return rows.map((row) => openRow(key, row));
  };
  return {
    ...inner,
    mutate: (req) => {
      if (req.type !== 'add' && req.type !== 'put') return inner.mutate(req);
      // No key, no write: a row is never stored in clear (the app is locked). Refused as a
      // failed write (a rejected promise), as IndexedDB's own refusals are.
      const key = currentDataKey(db);
      if (!key) return Promise.reject(new DataLockedError());
      const values = req.values.map((row) =>
        sealRow(key, row as Record<string, unknown>, clear, unread(table, row as Record<string, unknown>)),
      );
      return inner.mutate({ ...req, values });
    },
    // Chained with the promise Dexie's core returns, not awaited: an `await` would leave
    // Dexie's zone, and the middlewares above (hooks, a modify's cursor) read their
    // transaction from it.
    get: (req) => inner.get(req).then((row) => openRow(currentDataKey(db), row)),
    getMany: (req) => inner.getMany(req).then(openAll),
    query: (req) =>
      inner.query(req).then((answer) => (req.values ? { ...answer, result: openAll(answer.result) } : answer)),
    openCursor: (req) => inner.openCursor(req).then((cursor) => (req.values ? openingCursor(db, cursor) : cursor)),
  };
}

/**
 * Seals every row written and opens every row read (seal.ts), for every table but those
 * in `clearTables`; `unread` names the index fields a row seals too. Level -3: under the
 * kept counts (-2), the child list's index and the table mirrors (10), so they see rows as
 * written, and next to IndexedDB.
 */
export function sealMiddleware(
  core: SealedCore,
  clearTables: readonly string[] = [],
  unread: UnreadIndexFields = () => [],
): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'seal',
    level: -3,
    create: (down) => {
      core.down = down;
      const tables = new Map<string, DBCoreTable>();
      return {
        ...down,
        table: (name) => {
          if (clearTables.includes(name)) return down.table(name);
          let table = tables.get(name);
          if (!table) tables.set(name, (table = sealedTable(down.schema.name, down.table(name), unread)));
          return table;
        },
      };
    },
  };
}
