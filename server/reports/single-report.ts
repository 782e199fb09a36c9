import type { Context } from 'hono';
import {
  groupSingleReportRequestSchema,
  messages,
  paginate,
  REPORT_NO_VALUE,
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

const year = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d{4}$/.test(v)) ? Number(v) : null);

/**
 * The dates of a count's details: from_date/to_date when sent; a group count asked by the
 * previous period's years alone (pre_start_year, pre_end_year, part 2 section 7) reads
 * that financial year, 1 April to 31 March.
 */
function detailsRange(d: Record<string, unknown>): { from: string | null; to: string | null } {
  const given = (v: unknown) => (typeof v === 'string' && v !== '' && v !== REPORT_NO_VALUE ? v : null);
  const from = given(d.from_date);
  const to = given(d.to_date);
  const start = year(d.pre_start_year);
  const end = year(d.pre_end_year);
  if (from || to || start === null || end === null) return { from, to };
  return { from: `${start}-04-01`, to: `${end}-03-31` };
}

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
  const filter = { centerId, ...detailsRange(d), gender, category: conditions.category };
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
