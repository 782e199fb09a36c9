import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';

/*
 * Failed logins are counted in the database, not in memory, so every API process
 * behind a load balancer sees the same count. A key is e-mail + client IP: one
 * attacker cannot lock a user out from everywhere, and one IP cannot spray a user.
 */
export const MAX_FAILED_LOGINS = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export const attemptKey = (email: string, ip: string): string => `${email.trim().toLowerCase()}|${ip}`;

export async function isLockedOut(db: Db, key: string): Promise<boolean> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attempted_at, since)));
  return (row?.n ?? 0) >= MAX_FAILED_LOGINS;
}

export async function recordFailure(db: Db, key: string): Promise<void> {
  await db.insert(loginAttempts).values({ key });
  // Keep the table small: rows older than the window never count again.
  await db.delete(loginAttempts).where(lt(loginAttempts.attempted_at, new Date(Date.now() - LOGIN_WINDOW_MS)));
}

/** A successful login forgives the earlier failures of the same key. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
