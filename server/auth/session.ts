import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedRows } from '../db/prepared';
import type { Db } from '../db/client';
import { apiTokens, roles, users } from '../db/schema';
import type { AuthUser } from '../core/context';

/** Loads a not-deleted user with its role (`enabled` says whether it may sign in); null otherwise. */
export async function loadAuthUser(db: Db, where: { id: number } | { email: string }) {
  const condition = 'id' in where ? eq(users.id, where.id) : eq(users.email, where.email.trim().toLowerCase());
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(users.role_id, roles.id))
    .where(and(condition, isNull(users.deleted_at)))
    .limit(1);
  return row
    ? { authUser: authUserOf(row.user, row.role), passwordHash: row.user.password_hash, enabled: row.user.status === 1 }
    : null;
}

/** The columns of a token's user that a request needs, as the token statement reads them. */
type TokenRow = {
  user_id: number;
  user_name: string;
  email: string;
  status: number;
  center_id: number;
  image: string | null;
  role_id: number;
  role_name: string;
  permissions: AuthUser['role']['permissions'];
  token_id: number;
  last_used_at: string | null;
};

/**
 * The user of a live bearer token (by its sha256, `tokenHash`), with its role, in one query:
 * the token row's id and last use come along so the caller can note the use. Null for an
 * unknown or expired token and for a deleted user. Every request runs it, so it is kept
 * prepared (preparedRows): planned once, not at each request; nothing about the user is kept.
 */
export async function loadTokenUser(db: Db, tokenHash: string, now: Date) {
  const [row] = await preparedRows<TokenRow>(
    db,
    'token_user',
    sql`select ${users.id} as user_id, ${users.name} as user_name, ${users.email} as email, ${users.status} as status,
        ${users.centerId} as center_id, ${users.image} as image,
        ${roles.id} as role_id, ${roles.name} as role_name, ${roles.permissions} as permissions,
        ${apiTokens.id} as token_id, ${apiTokens.last_used_at} as last_used_at
      from ${apiTokens}
      inner join ${users} on ${users.id} = ${apiTokens.user_id}
      inner join ${roles} on ${roles.id} = ${users.role_id}
      where ${apiTokens.token_hash} = ${tokenHash} and ${apiTokens.expires_at} > ${now.toISOString()}::timestamptz
        and ${users.deleted_at} is null
      limit 1`,
  );
  if (!row) return null;
  const user = { id: row.user_id, name: row.user_name, email: row.email, centerId: row.center_id, image: row.image };
  return {
    authUser: authUserOf(user, { id: row.role_id, name: row.role_name, permissions: row.permissions }),
    enabled: row.status === 1,
    token: { id: row.token_id, last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at) },
  };
}

/** The request's user as the routes see it, from its user's and role's columns. */
function authUserOf(
  user: Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'centerId' | 'image'>,
  role: Pick<typeof roles.$inferSelect, 'id' | 'name' | 'permissions'>,
): AuthUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: { id: role.id, name: role.name, permissions: role.permissions ?? null },
    centerId: user.centerId,
    image: user.image,
  };
}
