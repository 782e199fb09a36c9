import type { AppDb } from '../db/app-db';

/*
 * Which of our extensions a server lacks (DESIGN.md, The wire: the client detects their
 * absence and falls back). The lists: one syncState row per server, `cursor` holding the
 * collections as JSON and `lastPullAt` when the server was last probed for them; the pull
 * writes it, the part 2 lists read it to decide whether to ask their documented calls
 * online. A single call that is no list (GET /me): one row per server and call, its
 * `lastPullAt` when it answered 404/405. Both are asked again after REPROBE_MS, and
 * forgotten at each sign-in, so a server upgraded to carry them is found at once.
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

/** The syncState key of a server's record of one missing call that is no pulled list. */
export const missingCallKey = (server: string, call: string): string => `__missing_call:${server}:${call}`;

/** Whether `server` answered 404/405 to `call` less than REPROBE_MS before `now`. */
export async function lacksCall(db: AppDb, server: string, call: string, now: number): Promise<boolean> {
  const probedAt = (await db.syncState.get(missingCallKey(server, call)))?.lastPullAt;
  return typeof probedAt === 'number' && now - probedAt < REPROBE_MS;
}

/** Remembers that `server` answered 404/405 to `call` at `probedAt`. */
export async function rememberMissingCall(db: AppDb, server: string, call: string, probedAt: number): Promise<void> {
  await db.syncState.put({ collection: missingCallKey(server, call), cursor: null, lastPullAt: probedAt });
}

/** Forgets what `server` was found to lack, lists and calls: the next sync asks them all again. */
export async function forgetMissingExtensions(db: AppDb, server: string): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    await db.syncState.delete(missingKey(server));
    await db.syncState.where('collection').startsWith(missingCallKey(server, '')).delete();
  });
}
