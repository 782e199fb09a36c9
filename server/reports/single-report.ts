import type { Context } from 'hono';
import {
  groupSingleReportRequestSchema,
  messages,
  paginate,
  reportConditions,
  singleReportRequestSchema,
} from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { readListQuery } from '../delta/delta';
import { fail } from '../core/http';
import { invalid } from '../core/validation';
import { detailsPage, reportCenter } from './records';
import { readReportRequest } from './request';

/*
 * POST /single_report and /group_single_report: the entries behind a count, paged like
 * Laravel. Conditions travel as where/value pairs (reportConditions, the device's rule
 * too); the dates are the count's period (from_last/to_last for previous-period counts).
 */

async function details(c: Context<AppEnv>, group: boolean) {
  const read = await readReportRequest(c, group ? groupSingleReportRequestSchema : singleReportRequestSchema);
  if ('issues' in read) return invalid(c, read.issues);
  const d = read.data as Record<string, unknown> & {
    centerId?: number | null;
    from_date?: string | null;
    to_date?: string | null;
    gender?: string | null;
  };
  const centerId = reportCenter(c.get('user'), d.centerId);
  if (centerId === false) return fail(c, 403, messages.forbidden);
  const conditions = reportConditions(d);
  if (!conditions) return invalid(c, [{ path: 'where', message: messages.somethingWentWrong }]);
  const gender = d.gender === 'Male' || d.gender === 'Female' ? d.gender : conditions.gender;
  const paging = readListQuery(c.req.query());
  const perPage = 'query' in paging ? paging.query.perPage : 10;
  const page = 'query' in paging && paging.query.mode === 'page' ? paging.query.page : 1;
  const filter = { centerId, from: d.from_date ?? null, to: d.to_date ?? null, gender, category: conditions.category };
  const first = await detailsPage(c.get('deps').db, filter, perPage, (page - 1) * perPage);
  const pagination = paginate(first.total, page, perPage);
  const rows =
    pagination.current_page === page
      ? first.rows
      : (await detailsPage(c.get('deps').db, filter, perPage, (pagination.current_page - 1) * perPage)).rows;
  return c.json({ success: true, data: rows, pagination }, 200);
}

export const singleReport = (c: Context<AppEnv>) => details(c, false);
export const groupSingleReport = (c: Context<AppEnv>) => details(c, true);
