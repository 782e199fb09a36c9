import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, roles, users } from '../db/schema';
import type { AuthUser } from '../core/context';

type UserRow = { user: typeof users.$inferSelect; role: typeof roles.$inferSelect };

/** Loads a not-deleted user with its role (`enabled` says whether it may sign in); null otherwise. */
export async function loadAuthUser(db: Db, where: { id: number } | { email: string }) {
  const condition = 'id' in where ? eq(users.id, where.id) : eq(users.email, where.email.trim().toLowerCase());
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(users.role_id, roles.id))
    .where(and(condition, isNull(users.deleted_at)))
    .limit(1);
  return row ? authUserOf(row) : null;
}

/**
 * The user of a live bearer token (by its sha256, `tokenHash`), with its role, in one query:
 * the token row's id and last use come along so the caller can note the use. Null for an
 * unknown or expired token and for a deleted user. Every request runs it, so it is prepared
 * once per database: its SQL is not built again each time (nothing about the user is kept).
 */
export async function loadTokenUser(db: Db, tokenHash: string, now: Date) {
  const [row] = await tokenUserStatement(db).execute({ tokenHash, now: now.toISOString() });
  return row ? { ...authUserOf(row), token: row.token } : null;
}

const prepareTokenUser = (db: Db) =>
  db
    .select({ user: users, role: roles, token: { id: apiTokens.id, last_used_at: apiTokens.last_used_at } })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .innerJoin(roles, eq(users.role_id, roles.id))
    .where(
      and(
        eq(apiTokens.token_hash, sql.placeholder('tokenHash')),
        sql`${apiTokens.expires_at} > ${sql.placeholder('now')}::timestamptz`,
        isNull(users.deleted_at),
      ),
    )
    .limit(1)
    .prepare('token_user');

const preparedTokenUser = new WeakMap<Db, ReturnType<typeof prepareTokenUser>>();

function tokenUserStatement(db: Db) {
  let prepared = preparedTokenUser.get(db);
  if (!prepared) {
    prepared = prepareTokenUser(db);
    preparedTokenUser.set(db, prepared);
  }
  return prepared;
}

function authUserOf(row: UserRow) {
  const authUser: AuthUser = {
    id: row.user.id,
    name: row.user.name,
    email: row.user.email,
    role: { id: row.role.id, name: row.role.name, permissions: row.role.permissions ?? null },
    centerId: row.user.centerId,
    image: row.user.image,
  };
  return { authUser, passwordHash: row.user.password_hash, enabled: row.user.status === 1 };
}
