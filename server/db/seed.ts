import { seedPart2Lists } from './seed-part2-lists';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { Db } from './client';
import { seedLookups } from './lookups';
import { centers, centerTypes, roles, users } from './schema';
import { builtInRoles, caseworkerRole, centerTypeRows, demoCenters, demoUsers, headOffice } from './seed-data';
import { seedDemoRecords } from './seed-demo';

export type SeedOptions = {
  /** Demo centers, users, children… (SEED_DEMO not '0'); otherwise one superadmin. */
  demo: boolean;
  /** Password of every demo user. */
  demoPassword?: string;
  /** The single superadmin of a non-demo install. */
  adminEmail?: string;
  adminPassword?: string;
};

export type SeedResult = { seeded: boolean; children?: number; history?: number; meals?: number };

export const DEFAULT_DEMO_PASSWORD = 'demo1234';
export const DEFAULT_ADMIN_EMAIL = 'superadmin@demo.test';

export class SeedConfigError extends Error {}

// Any constant works; it only has to be the same in every process.
const SEED_LOCK = 7_271_988;

/**
 * Seeds an empty database; does nothing once a user exists. Lookups are seeded (once)
 * either way. The work runs in one transaction under an advisory lock, so two processes
 * starting together against one PostgreSQL seed exactly once.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  await seedLookups(db);
  await db.insert(centerTypes).values(centerTypeRows).onConflictDoNothing();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((existing?.n ?? 0) > 0) return { seeded: false };
    if (!options.demo && !options.adminPassword) {
      throw new SeedConfigError(
        'SEED_DEMO=0 needs ADMIN_PASSWORD (and optionally ADMIN_EMAIL) for the first superadmin. Set it and start again.',
      );
    }
    const db = tx as unknown as Db;
    const [hq] = await db.insert(centers).values(headOffice).returning({ id: centers.id });
    // The app treats centerId 1 as "all centers": a database whose first center is not 1 is not ours to seed.
    if (hq.id !== 1)
      throw new SeedConfigError(`Expected the head office to get id 1, got ${hq.id}; is the database empty?`);
    const roleRows = await db
      .insert(roles)
      .values(options.demo ? [...builtInRoles, caseworkerRole] : builtInRoles)
      .returning({ id: roles.id, name: roles.name });
    const roleId = (name: string) => roleRows.find((r) => r.name === name)!.id;

    if (!options.demo) {
      await db.insert(users).values({
        name: 'Super Admin',
        email: (options.adminEmail ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase(),
        password_hash: await hashPassword(options.adminPassword!),
        role_id: roleId('superadmin'),
        centerId: hq.id,
      });
      return { seeded: true };
    }

    const centerRows = await db
      .insert(centers)
      .values(
        demoCenters.map((c, i) => ({ ...c, unique_centerId: `SBT-${c.prefix}-${String(i + 2).padStart(3, '0')}` })),
      )
      .returning({ id: centers.id, prefix: centers.prefix, centertypeId: centers.centertypeId, name: centers.name });
    const contactPoint = centerRows[0];
    const passwordHash = await hashPassword(options.demoPassword ?? DEFAULT_DEMO_PASSWORD);
    const userRows = await db
      .insert(users)
      .values(
        demoUsers.map((u) => ({
          name: u.name,
          email: u.email,
          password_hash: passwordHash,
          mobile_number: u.mobile,
          join_date: '2022-04-01',
          comment: 'Demo account',
          role_id: roleId(u.role),
          // Everyone works at head office except the caseworker, bound to a contact point.
          centerId: u.role === 'caseworker' ? contactPoint.id : hq.id,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const staffId = userRows.find((u) => u.email === 'staff@demo.test')!.id;
    const records = await seedDemoRecords(
      db,
      [
        { id: hq.id, prefix: headOffice.prefix, centertypeId: headOffice.centertypeId, name: headOffice.name },
        ...centerRows,
      ],
      staffId,
      userRows.map((u) => u.id),
    );
    await seedPart2Lists(db, staffId);
    return { seeded: true, ...records };
  });
}
