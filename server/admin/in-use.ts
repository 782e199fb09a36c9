import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/client';

/*
 * "Deleting a center, role or tag still in use is refused" (spec part 1 section 6). Which tables refer
 * to a record is read from the database's own foreign keys, so a table added later
 * (documents referring to tags, meals to centers…) is covered without touching this file.
 * A referring row counts while it is live (no deleted_at, or deleted_at null); rows
 * whose foreign key cascades (tokens, idempotency keys) belong to the record itself.
 */

type Reference = { table: string; column: string; soft: boolean };

/** Columns that refer without a foreign key (a table made before the one it names). */
const unconstrained: Record<string, Reference[]> = {
  tags: [{ table: 'child_documents', column: 'tag_id', soft: true }],
};

async function tableExists(db: Db, table: string): Promise<boolean> {
  const rows = await selectRows<{ found: boolean }>(db, sql`select to_regclass(${table}) is not null as "found"`);
  return rows[0]?.found === true;
}

async function referencesTo(db: Db, table: string): Promise<Reference[]> {
  const rows = await selectRows<Reference>(
    db,
    sql`
    select c.conrelid::regclass::text as "table", a.attname as "column",
      exists (select 1 from pg_attribute d where d.attrelid = c.conrelid and d.attname = 'deleted_at' and not d.attisdropped) as "soft"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = to_regclass(${table}) and c.confdeltype <> 'c'
      and c.conrelid <> c.confrelid`,
  );
  const extra: Reference[] = [];
  for (const ref of unconstrained[table] ?? []) {
    if (!rows.some((r) => r.table === ref.table && r.column === ref.column) && (await tableExists(db, ref.table)))
      extra.push(ref);
  }
  return [...rows, ...extra];
}

/** Whether a live row of another table still refers to `table`'s record `id`. */
export async function isInUse(
  db: Db,
  table: 'centers' | 'roles' | 'tags',
  id: number,
  ignore: string[] = [],
): Promise<boolean> {
  for (const ref of await referencesTo(db, table)) {
    if (ignore.includes(`${ref.table}.${ref.column}`)) continue;
    const live = ref.soft ? sql`and deleted_at is null` : sql``;
    const found = await db.execute(
      sql`select 1 from ${sql.identifier(ref.table)} where ${sql.identifier(ref.column)} = ${id} ${live} limit 1`,
    );
    const rows = Array.isArray(found) ? found : (found as { rows: unknown[] }).rows;
    if (rows.length > 0) return true;
  }
  return false;
}
