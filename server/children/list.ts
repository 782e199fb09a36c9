import { and, asc, desc, eq, gte, ilike, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  can,
  childListFilterSchema,
  messages,
  paginate,
  type ChildListFilter,
  type Principal,
} from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { childPresentStatus, children } from '../db/schema';
import { fail, readBody } from '../core/http';
import { listed, readListQuery, runList, type ListAnswer, type ListSource } from '../delta/delta';
import { selectRows, type Db } from '../db/client';
import { checkSchema, invalid } from '../core/validation';
import { CHILD_IMAGE_PATH, childPageIds, childRecords, childRowsOfIds, childScope, liveChild } from './records';
import { keptTotal, keptTotalAnswers } from './list-total';

const contains = (value: string) => `%${value.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The filter body as SQL: texts by substring (case-insensitive), choices exactly, arrival dates inclusive. */
function filterWhere(f: ChildListFilter): SQL | undefined {
  return and(
    f.centerId ? eq(children.centerdetailId, f.centerId) : undefined,
    f.name ? ilike(children.name, contains(f.name)) : undefined,
    f.uniqueId ? ilike(children.uniqueId, contains(f.uniqueId)) : undefined,
    f.cwccaseno ? ilike(children.cwccaseno, contains(f.cwccaseno)) : undefined,
    f.gender ? eq(children.gender, f.gender) : undefined,
    f.ReferredBy ? eq(children.ReferredBy, f.ReferredBy) : undefined,
    f.case_type ? eq(children.case_type, f.case_type) : undefined,
    // Present Status as kept by migration 0013: an index lookup, not every child's newest entry.
    f.history_status
      ? sql`${children.id} in (select ${childPresentStatus.childregId} from ${childPresentStatus} where ${childPresentStatus.history_status} = ${f.history_status})`
      : undefined,
    f.from_date ? gte(children.dateofarrival, f.from_date) : undefined,
    f.to_date ? lte(children.dateofarrival, f.to_date) : undefined,
  );
}

/**
 * Newest first. A text search is answered from its trigram index (migration 0014) and the
 * matches sorted: ordered by the bare id, the planner may instead walk every child backwards
 * from the newest until a page of matches turns up, which reads nearly all of them when the
 * matches are few and old. `id + 0` orders the same but is no index's key.
 */
const pageOrder = (f: ChildListFilter): SQL[] =>
  f.name || f.uniqueId || f.cwccaseno ? [desc(sql`${children.id} + 0`)] : [desc(children.id)];

/** The list's total as the page's statement reads it (`page`) and as a statement of its own (`alone`). */
type ListTotal = { page: SQL<number>; alone: SQL<number> };

/**
 * The list's total: from the kept counts where they answer the filter, else counted. `page` is
 * what the page's statement reads on each of its rows: a counted total is a window over the
 * matches that statement finds anyway (the matches are read once, not again by a subquery:
 * half the statement's time for a name or a date range); `alone` is the same total as a
 * statement of its own, for a page past the last one.
 */
function listTotal(db: Db, user: Principal, filter: ChildListFilter, where: SQL | undefined): ListTotal {
  if (keptTotalAnswers(filter)) {
    const kept = keptTotal(user, filter);
    return { page: kept, alone: kept };
  }
  const counted = sql<number>`(${db
    .select({ n: sql<number>`count(*)::int` })
    .from(children)
    .where(where)})`;
  return { page: sql<number>`(count(*) over ())::int`, alone: counted };
}

/**
 * A page of the spec's child list (part 1 section 3) with its pagination: the page's ids and
 * the total in one statement, then the rows of those ids. A page past the last one answers
 * the last page's rows (paginate), so when no id comes back for a later page the total is
 * read and the last page asked again.
 */
async function pageOfChildren(
  db: Db,
  user: Principal,
  where: SQL | undefined,
  order: SQL[],
  total: ListTotal,
  page: number,
  perPage: number,
): Promise<ListAnswer> {
  let asked = await childPageIds(db, where, order, total.page, perPage, (page - 1) * perPage);
  if (asked.total === null && page > 1) {
    const [counted] = await selectRows<{ n: number }>(db, sql`select ${total.alone} as n`);
    const last = paginate(Number(counted?.n ?? 0), page, perPage);
    if (last.total > 0)
      asked = await childPageIds(db, where, order, total.page, perPage, (last.current_page - 1) * perPage);
  }
  return { data: await childRowsOfIds(db, asked.ids, user), pagination: paginate(asked.total ?? 0, page, perPage) };
}

/**
 * POST /child-registrations: the filter body of 'Search User Details Filters' (with the
 * spec's date-range rules as 422s), scoped to the user's center (a center-bound user
 * asking for another center simply gets nothing), newest first; with `updated_since` a
 * delta page for the sync engine.
 */
export async function listChildren(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'view', 'child_registration')) return fail(c, 403, messages.forbidden);
  const read = readListQuery(c.req.query());
  if ('error' in read) return invalid(c, [{ path: read.error.field, message: read.error.message }]);
  const checked = checkSchema(childListFilterSchema, await readBody(c));
  if (!checked.ok) return invalid(c, checked.issues);

  const { db } = c.get('deps');
  const scope = and(childScope(user), filterWhere(checked.data));
  const live = (where: SQL | undefined) => and(liveChild, scope, where);
  if (read.query.mode === 'page') {
    const { page, perPage } = read.query;
    const answer = await pageOfChildren(
      db,
      user,
      live(undefined),
      pageOrder(checked.data),
      listTotal(db, user, checked.data, live(undefined)),
      page,
      perPage,
    );
    return listed(c, answer, { image_path: CHILD_IMAGE_PATH });
  }
  const source: ListSource = {
    rows: (where, order, limit, offset) =>
      childRecords(db, live(where), order === 'page' ? pageOrder(checked.data) : order, limit, offset),
    count: async (where) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(children)
        .where(live(where));
      return row?.n ?? 0;
    },
    deletedSince: async (changed) => {
      const rows = await db
        .select({ id: children.id })
        .from(children)
        .where(and(isNotNull(children.deleted_at), changed, childScope(user)))
        .orderBy(asc(children.id));
      return rows.map((r) => r.id);
    },
    table: children,
  };
  return listed(c, await runList(db, source, read.query), { image_path: CHILD_IMAGE_PATH });
}
