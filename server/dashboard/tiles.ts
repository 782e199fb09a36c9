import { and, countDistinct, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { isAllCenterUser, type DashboardTileKey } from '../../sync/contract';
import { centers, childHistory, children, meals } from '../db/schema';
import { CENTER_TYPE } from '../db/seed-data';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { ok } from '../core/http';

/*
 * The eight dashboard tiles (spec part 1 section 2), computed from live data and
 * scoped to the user's center unless the user is at center 1 (all centers). Children
 * are counted by their current center; deleted children and history rows never count.
 *
 * - children_supported: children registered (not deleted).
 * - shelter_provided: children whose current center is an Open Shelter or a Home.
 * - meals_distributed: sum of child_count over meal records (one per child per meal).
 * - literacy_programme: children with an education record of non-formal education or NIOS.
 * - school_going: children with an education record of formal school, special-needs
 *   school or higher education (or a higher_education status).
 * - medical_support: children with a medical_issue record.
 * - reunited_with_family: children with a restoration record.
 * - vocational_training_jobs: children with an education record of vocational
 *   training, job placement or skill classes.
 */
const literacyTypes = ['non_formal_education', 'national_institute_of_open_schooling'];
const schoolTypes = ['formal_school', 'special_needs_children_school', 'higher_education'];
const vocationalTypes = ['vocational_training', 'job_placement', 'skill_classes'];

async function childrenWithHistory(db: Db, scope: SQL | undefined, match: SQL) {
  const [row] = await db
    .select({ n: countDistinct(childHistory.childregId) })
    .from(childHistory)
    .innerJoin(children, eq(children.id, childHistory.childregId))
    .where(and(isNull(childHistory.deleted_at), isNull(children.deleted_at), scope, match));
  return Number(row?.n ?? 0);
}

/** GET /dashboard: the eight tiles' counts. */
export async function dashboardTiles(c: Context<AppEnv>) {
  const user = c.get('user');
  const { db } = c.get('deps');
  const centerId = isAllCenterUser(user) ? null : user.centerId;
  const childScope = centerId === null ? undefined : eq(children.centerdetailId, centerId);
  const live = and(isNull(children.deleted_at), childScope);

  const [supported] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(children)
    .where(live);
  const [sheltered] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(children)
    .innerJoin(centers, eq(centers.id, children.centerdetailId))
    .where(and(live, inArray(centers.centertypeId, [CENTER_TYPE.openShelter, CENTER_TYPE.home])));
  // Summed as bigint (sum over integer is one): a row stored before the contract bounded
  // child_count may hold up to 2^31 - 1, and a 32-bit total would refuse the whole tile set.
  const [mealSum] = await db
    .select({ n: sql`coalesce(sum(${meals.child_count}), 0)`.mapWith(Number) })
    .from(meals)
    .where(and(isNull(meals.deleted_at), centerId === null ? undefined : eq(meals.center_id, centerId)));
  const education = (types: string[]) =>
    and(eq(childHistory.history_status, 'education'), inArray(childHistory.education_type, types));

  const data: Record<DashboardTileKey, number> = {
    children_supported: supported?.n ?? 0,
    shelter_provided: sheltered?.n ?? 0,
    meals_distributed: mealSum?.n ?? 0,
    literacy_programme: await childrenWithHistory(db, childScope, education(literacyTypes)!),
    school_going: await childrenWithHistory(
      db,
      childScope,
      sql`(${education(schoolTypes)} or ${childHistory.history_status} = 'higher_education')`,
    ),
    medical_support: await childrenWithHistory(db, childScope, eq(childHistory.history_status, 'medical_issue')),
    reunited_with_family: await childrenWithHistory(db, childScope, eq(childHistory.history_status, 'restoration')),
    vocational_training_jobs: await childrenWithHistory(db, childScope, education(vocationalTypes)!),
  };
  return ok(c, data);
}
