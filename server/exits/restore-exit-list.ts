import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  DEFAULT_PAGE_SIZE,
  exitRestoreListFilterSchema,
  exitRestoreStatusKeys,
  messages,
  type Pagination,
} from '../../sync/contract';
import { childScope } from '../children/records';
import type { AppEnv } from '../core/context';
import { childHistory, children } from '../db/schema';
import { fail, ok, pageOf, readBody } from '../core/http';
import { checkSchema, invalid } from '../core/validation';
import { exitEntryPage, liveEntryOfLiveChild, shortStayPage, withinDays } from './records';

/*
 * POST /restore_exit_list/{status} (spec part 2, section 7 "restore/exit list by status"):
 * the history entries of one status key, filtered by the body (centerId, from_date,
 * to_date on the entry's date, the spec's date-range messages as 422), in Laravel pages.
 * A center-bound user reaches only its center's children (DESIGN: Server); the Center
 * Name filter is the center the entry was recorded at.
 */
export async function restoreExitList(c: Context<AppEnv>) {
  const status = c.req.param('status') ?? '';
  if (!(exitRestoreStatusKeys as readonly string[]).includes(status)) return fail(c, 404, messages.notFound);
  const checked = checkSchema(exitRestoreListFilterSchema, { ...(await readBody(c)), status: undefined });
  if (!checked.ok) return invalid(c, checked.issues);
  const f = checked.data;
  const where: SQL | undefined = and(
    liveEntryOfLiveChild,
    eq(childHistory.history_status, status),
    childScope(c.get('user')),
    f.centerId ? eq(childHistory.centerId, f.centerId) : undefined,
    withinDays(childHistory.transfer_date, f.from_date, f.to_date),
  );
  return ok(c, ...spread(await exitEntryPage(c.get('deps').db, where, pageOf(c), DEFAULT_PAGE_SIZE)));
}

/**
 * POST /short_stay_register: children registered with Short Stay "yes", filtered by
 * center and arrival date, in Laravel pages; scoped like the child list.
 */
export async function shortStayRegister(c: Context<AppEnv>) {
  const checked = checkSchema(exitRestoreListFilterSchema, { ...(await readBody(c)), status: undefined });
  if (!checked.ok) return invalid(c, checked.issues);
  const f = checked.data;
  const where = and(
    isNull(children.deleted_at),
    eq(children.short_stay_status, 'yes'),
    childScope(c.get('user')),
    f.centerId ? eq(children.centerdetailId, f.centerId) : undefined,
    withinDays(children.dateofarrival, f.from_date, f.to_date),
  );
  return ok(c, ...spread(await shortStayPage(c.get('deps').db, where, pageOf(c), DEFAULT_PAGE_SIZE)));
}

const spread = ({ data, pagination }: { data: Record<string, unknown>[]; pagination: Pagination }) =>
  [data, { pagination }] as const;
