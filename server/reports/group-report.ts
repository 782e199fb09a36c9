import type { Context } from 'hono';
import { buildGroupReport, messages, reportPeriods, reportRequestSchema } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { fail, ok } from '../core/http';
import { invalid } from '../core/validation';
import { balancesIn, groupCounts, reportCenter, reportCenters, today } from './records';
import { readReportRequest } from './request';

/** POST /group_report2 (groupReport2): a column per center and Total, category rows, previous balance. */
export async function groupReport(c: Context<AppEnv>) {
  const read = await readReportRequest(c, reportRequestSchema);
  if ('issues' in read) return invalid(c, read.issues);
  const centerId = reportCenter(c.get('user'), read.data.centerId);
  if (centerId === false) return fail(c, 403, messages.forbidden);
  const { db } = c.get('deps');
  const periods = reportPeriods(read.data.from_date, read.data.to_date, today());
  const [counts, balances, centers] = await Promise.all([
    groupCounts(db, periods, centerId),
    balancesIn(db, periods.from_date, periods.to_date, centerId),
    reportCenters(db, centerId),
  ]);
  return ok(c, buildGroupReport(counts, periods, centers, balances));
}
