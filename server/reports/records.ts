import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  canReachCenter,
  isAllCenterUser,
  reportCategories,
  type Principal,
  type ReportPeriods,
} from '../../sync/contract';
import type { Db } from '../db/client';
import { centers, childHistory, children, previousBalances, reportDaily } from '../db/schema';
import { iso } from '../delta/timestamps';

/*
 * The report rule of sync/contract/rules/report.ts in SQL. The counts are summed from
 * report_daily, which triggers keep (summary.ts, migration 0008); the details read the
 * entries, with the same category, gender, date and center the device applies to its rows.
 */

/**
 * The day an entry counts on, and the center it counts for: its child's current center
 * (sync/SPEC.md, R20), the one every read that names the child is scoped by.
 */
export const activityDay = sql`coalesce(${childHistory.transfer_date}, ${childHistory.history_date})`;
export const countedCenter = sql`${children.centerdetailId}`;
const genderKey = sql`lower(trim(${children.gender}))`;
export const genderCase = sql<string>`case ${genderKey} when 'male' then 'Male' when 'female' then 'Female' end`;
const allStatuses = reportCategories.flatMap((c) => c.statuses);

/** Today (UTC) as yyyy-MM-dd: the default financial year. */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * The center a report is for: a center-bound user always their own (the filter is
 * read-only for them); null is every center. `false` when the center is out of reach.
 */
export function reportCenter(user: Principal, asked: number | null | undefined): number | null | false {
  if (!isAllCenterUser(user)) return asked && asked !== user.centerId ? false : user.centerId;
  if (asked && !canReachCenter(user, asked)) return false;
  return asked ?? null;
}

/** Live entries of live children that some category counts, of `centerId` (null: all). */
export const countedEntries = (centerId: number | null, extra?: SQL) =>
  and(
    isNull(childHistory.deleted_at),
    isNull(children.deleted_at),
    inArray(childHistory.history_status, allStatuses),
    sql`${genderKey} in ('male', 'female')`,
    isNotNull(activityDay),
    centerId === null ? undefined : sql`${countedCenter} = ${centerId}`,
    extra,
  );

/** The kept counts of `centerId` (null: every center). */
const keptFor = (centerId: number | null) => (centerId === null ? undefined : eq(reportDaily.centerId, centerId));

/** Counts by category, period and gender (keys of reportCountKey), summed from the kept counts. */
export async function reportCounts(db: Db, p: ReportPeriods, centerId: number | null): Promise<Map<string, number>> {
  const day = reportDaily.day;
  const period = sql<string>`case
    when ${day} between ${p.from_date}::date and ${p.to_date}::date then 'new'
    when ${day} between ${p.from_last}::date and ${p.to_last}::date and ${day} < ${p.from_date}::date then 'pre'
    when ${day} <= ${p.till_to}::date then 'till' end`;
  const rows = await db
    .select({
      category: reportDaily.category,
      period,
      gender: reportDaily.gender,
      n: sql`sum(${reportDaily.n})`.mapWith(Number),
    })
    .from(reportDaily)
    .where(and(sql`${day} <= ${p.to_date}::date`, keptFor(centerId)))
    .groupBy(sql`1`, sql`2`, sql`3`);
  const counts = new Map<string, number>();
  for (const row of rows) if (row.period && row.n) counts.set(`${row.category}|${row.period}|${row.gender}`, row.n);
  return counts;
}

/** Group report counts of [from, to]: keys `${centerId}|${category}|${gender}`. */
export async function groupCounts(db: Db, p: ReportPeriods, centerId: number | null): Promise<Map<string, number>> {
  const rows = await db
    .select({
      center: reportDaily.centerId,
      category: reportDaily.category,
      gender: reportDaily.gender,
      n: sql`sum(${reportDaily.n})`.mapWith(Number),
    })
    .from(reportDaily)
    .where(and(sql`${reportDaily.day} between ${p.from_date}::date and ${p.to_date}::date`, keptFor(centerId)))
    .groupBy(sql`1`, sql`2`, sql`3`);
  return new Map(rows.filter((r) => r.n).map((r) => [`${r.center}|${r.category}|${r.gender}`, r.n]));
}

/** Previous balances dated in [from, to], per center. */
export async function balancesIn(
  db: Db,
  from: string,
  to: string,
  centerId: number | null,
): Promise<Map<number, { male: number; female: number }>> {
  const rows = await db
    .select({
      centerId: previousBalances.centerId,
      // bigint sums (no ::int): a balance stored before the contract bounded its counts
      // may hold up to 2^31 - 1, and no stored row may break a year's report.
      male: sql`sum(${previousBalances.male})`.mapWith(Number),
      female: sql`sum(${previousBalances.female})`.mapWith(Number),
    })
    .from(previousBalances)
    .where(
      and(
        isNull(previousBalances.deleted_at),
        gte(previousBalances.activity_date, from),
        lte(previousBalances.activity_date, to),
        centerId === null ? undefined : eq(previousBalances.centerId, centerId),
      ),
    )
    .groupBy(previousBalances.centerId);
  return new Map(rows.map((r) => [r.centerId, { male: r.male, female: r.female }]));
}

/** Live centers of the report, in id order (head office first). */
export const reportCenters = (db: Db, centerId: number | null) =>
  db
    .select({ id: centers.id, name: centers.name })
    .from(centers)
    .where(and(isNull(centers.deleted_at), centerId === null ? undefined : eq(centers.id, centerId)))
    .orderBy(asc(centers.id));

export type DetailsFilter = {
  centerId: number | null;
  from: string | null;
  to: string | null;
  gender: string | null;
  category: string | null;
};

/** The entries behind a count, newest activity first, a page of them. */
export async function detailsPage(db: Db, f: DetailsFilter, limit: number, offset: number) {
  const category = f.category ? reportCategories.find((c) => c.key === f.category) : undefined;
  const where = countedEntries(
    f.centerId,
    and(
      f.from ? sql`${activityDay} >= ${f.from}::date` : undefined,
      f.to ? sql`${activityDay} <= ${f.to}::date` : undefined,
      f.gender ? sql`${genderCase} = ${f.gender}` : undefined,
      category ? inArray(childHistory.history_status, [...category.statuses]) : undefined,
    ),
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(childHistory)
    .innerJoin(children, eq(children.id, childHistory.childregId))
    .where(where);
  const rows = await db
    .select({
      id: childHistory.id,
      childregId: childHistory.childregId,
      name: children.name,
      uniqueId: children.uniqueId,
      history_status: childHistory.history_status,
      aadharno: children.aadharno,
      cwccaseno: children.cwccaseno,
      gender: children.gender,
      dateofarrival: children.dateofarrival,
      transfer_date: sql<string>`${activityDay}::text`,
      session_number: childHistory.session_number,
      center_name: centers.name,
      unique_centerId: centers.unique_centerId,
      created_at: childHistory.created_at,
      updated_at: childHistory.updated_at,
    })
    .from(childHistory)
    .innerJoin(children, eq(children.id, childHistory.childregId))
    .leftJoin(centers, sql`${centers.id} = ${countedCenter}`)
    .where(where)
    .orderBy(sql`${activityDay} desc`, asc(childHistory.id))
    .limit(limit)
    .offset(offset);
  return {
    total: n,
    rows: rows.map((r) => ({
      ...r,
      center_data: { name: r.center_name ?? '', unique_centerId: r.unique_centerId },
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    })),
  };
}
