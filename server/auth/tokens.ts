import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens } from '../db/schema';

/** Tokens live 30 days; a new login is needed after that. */
export const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often, so reads don't each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Issues a random 32-byte token; only its sha256 is stored, so a database leak holds no usable token. */
export async function issueToken(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(apiTokens).values({
    token_hash: hashToken(token),
    user_id: userId,
    expires_at: new Date(Date.now() + TOKEN_TTL_MS),
  });
  // Expired tokens of this user are useless; drop them while we are here.
  await db.delete(apiTokens).where(and(eq(apiTokens.user_id, userId), lt(apiTokens.expires_at, new Date())));
  return token;
}

/** Notes a token's use at `now`, at most once every TOUCH_EVERY_MS. */
export async function touchToken(db: Db, token: { id: number; last_used_at: Date | null }, now: Date): Promise<void> {
  if (!token.last_used_at || now.getTime() - token.last_used_at.getTime() > TOUCH_EVERY_MS) {
    await db.update(apiTokens).set({ last_used_at: now }).where(eq(apiTokens.id, token.id));
  }
}

export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.token_hash, hashToken(token)));
}
