import type { Context } from 'hono';
import { buildReport, messages, reportPeriods, reportRequestSchema } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { fail, ok } from '../core/http';
import { invalid } from '../core/validation';
import { balancesIn, reportCenter, reportCenters, reportCounts, today } from './records';
import { readReportRequest } from './request';

/** POST /reports (reports): counts per category, period and gender (sync/contract/rules/report.ts). */
export async function report(c: Context<AppEnv>) {
  const read = await readReportRequest(c, reportRequestSchema);
  if ('issues' in read) return invalid(c, read.issues);
  const centerId = reportCenter(c.get('user'), read.data.centerId);
  if (centerId === false) return fail(c, 403, messages.forbidden);
  const { db } = c.get('deps');
  const periods = reportPeriods(read.data.from_date, read.data.to_date, today());
  const [counts, balances, named] = await Promise.all([
    reportCounts(db, periods, centerId),
    balancesIn(db, periods.from_date, periods.to_date, centerId),
    centerId === null ? Promise.resolve([]) : reportCenters(db, centerId),
  ]);
  const balance = [...balances.values()].reduce(
    (sum, b) => ({ male: sum.male + b.male, female: sum.female + b.female }),
    { male: 0, female: 0 },
  );
  return ok(c, buildReport(counts, periods, { centerId, center_name: named[0]?.name ?? null, balance }));
}
