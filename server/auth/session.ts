import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { roles, users } from '../db/schema';
import type { AuthUser } from '../core/context';

/** Loads an enabled, not-deleted user with its role; null otherwise. */
export async function loadAuthUser(db: Db, where: { id: number } | { email: string }) {
  const condition = 'id' in where ? eq(users.id, where.id) : eq(users.email, where.email.trim().toLowerCase());
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(users.role_id, roles.id))
    .where(and(condition, isNull(users.deleted_at)))
    .limit(1);
  if (!row) return null;
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
