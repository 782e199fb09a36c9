import { and, count, gt, inArray, lt, min } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';

/*
 * Failed logins are counted in the database, not in memory, so every API process
 * behind a load balancer sees the same count. Each failure counts under three keys, each
 * with its own limit in a sliding 15-minute window:
 * - e-mail + address (5): one address guessing one account;
 * - address (30): one address spraying a few passwords over many accounts;
 * - e-mail (20): one account guessed from many addresses.
 * The e-mail + address limit is the tight one, so an attacker elsewhere cannot lock a user
 * out with five tries; the other two are looser and stop spraying and rotation. Every
 * refused try is answered 429 before the password is hashed, with Retry-After; a try is
 * counted before its password is checked (claimTry).
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const loginLimits = { pair: 5, address: 30, account: 20 } as const;

export type LoginKeys = Record<keyof typeof loginLimits, string>;

export function loginKeys(email: string, ip: string): LoginKeys {
  const account = email.trim().toLowerCase();
  return { pair: `${account}|${ip}`, address: `address:${ip}`, account: `account:${account}` };
}

/**
 * Counts this try before its password is checked, and answers the seconds until a try is
 * allowed again (0: go on) with the rows that count it. Checking first and recording only
 * after the slow hash let a burst of tries sent at once (to one process or spread over
 * several) all pass the check before any was recorded: twelve guesses checked where five
 * are allowed. Now each try is written first and then counts every try written before its
 * count is read, its own included, so of tries sent at once at most the limit go on (a
 * burst may refuse one more than it must, never allow one). A refused try is taken back:
 * it checked nothing.
 */
export async function claimTry(db: Db, keys: LoginKeys, now = Date.now()): Promise<{ wait: number; tries: number[] }> {
  const tries = (
    await db
      .insert(loginAttempts)
      .values(Object.values(keys).map((key) => ({ key })))
      .returning({ id: loginAttempts.id })
  ).map((row) => row.id);
  const rows = await db
    .select({ key: loginAttempts.key, n: count(), oldest: min(loginAttempts.attempted_at) })
    .from(loginAttempts)
    .where(
      and(
        inArray(loginAttempts.key, Object.values(keys)),
        gt(loginAttempts.attempted_at, new Date(now - LOGIN_WINDOW_MS)),
      ),
    )
    .groupBy(loginAttempts.key);
  let wait = 0;
  for (const [kind, key] of Object.entries(keys) as [keyof LoginKeys, string][]) {
    const row = rows.find((r) => r.key === key);
    if (!row || row.n <= loginLimits[kind]) continue;
    const oldest = row.oldest ? new Date(row.oldest).getTime() : now;
    wait = Math.max(wait, Math.ceil((oldest + LOGIN_WINDOW_MS - now) / 1000), 1);
  }
  if (wait > 0) await takeBack(db, tries);
  return { wait, tries };
}

/** A claimed try that was not a failure (refused, or the right password) no longer counts. */
export async function takeBack(db: Db, tries: number[]): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.id, tries));
}

/** A claimed try failed: it stays counted; rows older than the window are dropped. */
export async function keepFailure(db: Db): Promise<void> {
  // Keep the table small: rows older than the window never count again.
  await db.delete(loginAttempts).where(lt(loginAttempts.attempted_at, new Date(Date.now() - LOGIN_WINDOW_MS)));
}

/**
 * A successful login forgives the account's earlier failures (its own typos, from here or
 * elsewhere), but not the address's: other accounts guessed from it still count.
 */
export async function clearFailures(db: Db, keys: LoginKeys): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [keys.pair, keys.account]));
}
