import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  DEFAULT_PAGE_SIZE,
  exitRestoreListFilterSchema,
  paginate,
  serviceStatuses,
  type BeneficiaryService,
} from '../../sync/contract';
import { childScope } from '../children/records';
import type { AppEnv } from '../core/context';
import { beneficiaries, childHistory } from '../db/schema';
import { listed, readListQuery, runList, type ListSource } from '../delta/delta';
import { exitEntryPage, liveEntryOfLiveChild, withinDays } from '../exits/records';
import { ok, pageOf, readBody } from '../core/http';
import { checkSchema, invalid } from '../core/validation';
import { beneficiaryRecords, beneficiaryScope } from './records';

/*
 * The /education, /medical and /mhp lists (spec part 2, section 2: "their payloads: not
 * shown"). Ours: the body is the exit lists' filter (centerId, from_date, to_date, the
 * date-range messages as 422), the answer Laravel pages.
 */

/**
 * POST /regusers_{service}: registered children who received the service, one row per
 * child with its latest entry of the service (newest date first); the date range and
 * center apply to that latest entry.
 */
export const registeredUsers = (service: BeneficiaryService) => async (c: Context<AppEnv>) => {
  const checked = checkSchema(exitRestoreListFilterSchema, { ...(await readBody(c)), status: undefined });
  if (!checked.ok) return invalid(c, checked.issues);
  const f = checked.data;
  const statuses = [...serviceStatuses[service]];
  const latest = sql`${childHistory.id} = (
    select h2.id from child_history h2
    where h2.childreg_id = ${childHistory.childregId} and h2.deleted_at is null and h2.history_status in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})
    order by h2.transfer_date desc nulls last, h2.id desc limit 1)`;
  const where: SQL | undefined = and(
    liveEntryOfLiveChild,
    inArray(childHistory.history_status, statuses),
    latest,
    childScope(c.get('user')),
    f.centerId ? eq(childHistory.centerId, f.centerId) : undefined,
    withinDays(childHistory.transfer_date, f.from_date, f.to_date),
  );
  const { data, pagination } = await exitEntryPage(c.get('deps').db, where, pageOf(c), DEFAULT_PAGE_SIZE);
  return ok(c, data, { pagination });
};

/** POST /non_regusers_{service}: the service's non-registered beneficiaries, newest date first. */
export const nonRegisteredUsers = (service: BeneficiaryService) => async (c: Context<AppEnv>) => {
  const checked = checkSchema(exitRestoreListFilterSchema, { ...(await readBody(c)), status: undefined });
  if (!checked.ok) return invalid(c, checked.issues);
  const f = checked.data;
  const where = and(
    isNull(beneficiaries.deleted_at),
    eq(beneficiaries.service, service),
    beneficiaryScope(c.get('user')),
    f.centerId ? eq(beneficiaries.centerId, f.centerId) : undefined,
    f.from_date ? gte(beneficiaries.service_date, f.from_date) : undefined,
    f.to_date ? lte(beneficiaries.service_date, f.to_date) : undefined,
  );
  const { db } = c.get('deps');
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(beneficiaries)
    .where(where);
  const pagination = paginate(count?.n ?? 0, pageOf(c), DEFAULT_PAGE_SIZE);
  const data = await beneficiaryRecords(db, where, {
    orderBy: [desc(beneficiaries.service_date), desc(beneficiaries.id)],
    limit: DEFAULT_PAGE_SIZE,
    offset: (pagination.current_page - 1) * DEFAULT_PAGE_SIZE,
  });
  return ok(c, data, { pagination });
};

/** GET /beneficiaries: every service's beneficiaries the user may reach, as pages or the delta pages the device pulls. */
export async function listBeneficiaries(c: Context<AppEnv>) {
  const read = readListQuery(c.req.query());
  if ('error' in read) return invalid(c, [{ path: read.error.field, message: read.error.message }]);
  const { db } = c.get('deps');
  const scope = beneficiaryScope(c.get('user'));
  const live = (where: SQL | undefined) => and(isNull(beneficiaries.deleted_at), scope, where);
  const source: ListSource = {
    rows: (where, order, limit, offset) =>
      beneficiaryRecords(db, live(where), {
        orderBy: order === 'page' ? [desc(beneficiaries.id)] : order,
        limit,
        offset,
      }),
    count: async (where) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(beneficiaries)
        .where(live(where));
      return row?.n ?? 0;
    },
    deletedSince: async (changed) => {
      const rows = await db
        .select({ id: beneficiaries.id })
        .from(beneficiaries)
        .where(and(isNotNull(beneficiaries.deleted_at), changed, scope))
        .orderBy(asc(beneficiaries.id));
      return rows.map((r) => r.id);
    },
    table: beneficiaries,
  };
  return listed(c, await runList(db, source, read.query));
}
