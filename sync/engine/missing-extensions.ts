import type { AppDb } from '../db/app-db';

/*
 * Which of our extension lists a server lacks (DESIGN.md, Pull: a backend of the documented
 * calls only). One syncState row per server: `cursor` holds the collections as JSON,
 * `lastPullAt` when the server was last probed for them. The pull writes it; the part 2
 * lists read it to decide whether to ask their documented calls online.
 */

/** The syncState key of a server's record. */
export const missingKey = (server: string): string => `__missing_ext:${server}`;

/** A server's missing extensions are probed again after this long, in case it gained them. */
export const REPROBE_MS = 24 * 60 * 60 * 1000;

export type MissingExtensions = { missing: string[]; probedAt: number | null };

/** What the device remembers of `server` (nothing recorded: nothing missing, never probed). */
export async function readMissingExtensions(db: AppDb, server: string): Promise<MissingExtensions> {
  const row = await db.syncState.get(missingKey(server));
  const missing: unknown = row?.cursor ? JSON.parse(row.cursor) : [];
  return { missing: Array.isArray(missing) ? missing.map(String) : [], probedAt: row?.lastPullAt ?? null };
}

/** Remembers the extension lists `server` lacks, as of the probe at `probedAt`. */
export async function writeMissingExtensions(
  db: AppDb,
  server: string,
  missing: readonly string[],
  probedAt: number,
): Promise<void> {
  await db.syncState.put({ collection: missingKey(server), cursor: JSON.stringify(missing), lastPullAt: probedAt });
}
