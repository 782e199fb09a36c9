import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw query on either driver (PGlite answers `{ rows }`, postgres.js an array). */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
