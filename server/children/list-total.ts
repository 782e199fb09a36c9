import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isAllCenterUser, type ChildListFilter, type Principal } from '../../sync/contract';
import { childListCounts } from '../db/schema';

/** The filters child_list_counts answers; any other one set (as filterWhere reads it) is counted by query. */
const KEPT: ReadonlySet<string> = new Set(['centerId', 'history_status']);

/** Whether the list's total for `filter` can be read from the kept counts. */
export const keptTotalAnswers = (filter: ChildListFilter): boolean =>
  Object.entries(filter).every(([key, value]) => KEPT.has(key) || !value);

/**
 * The child list's total (spec part 1 section 3) for a filter of center and Present Status,
 * from the counts migration 0014 keeps: a few rows summed, however many children match. A
 * scalar subquery, so the page's statement reads it along with its rows.
 */
export const keptTotal = (user: Principal, filter: ChildListFilter): SQL<number> =>
  sql<number>`(select coalesce(sum(${childListCounts.n}), 0)::int from ${childListCounts} where ${
    and(
      isAllCenterUser(user) ? undefined : eq(childListCounts.centerId, user.centerId),
      filter.centerId ? eq(childListCounts.centerId, filter.centerId) : undefined,
      filter.history_status ? eq(childListCounts.history_status, filter.history_status) : undefined,
    ) ?? sql`true`
  })`;
