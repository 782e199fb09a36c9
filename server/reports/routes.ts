import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { groupReport } from './group-report';
import { report } from './report';
import { groupSingleReport, singleReport } from './single-report';

/** Reports and group reports (spec part 2 sections 2, 3, 7). */
export function registerReportRoutes(api: Hono<AppEnv>) {
  api.post('/reports', report);
  api.post('/single_report', singleReport);
  api.post('/group_report2', groupReport);
  api.post('/group_single_report', groupSingleReport);
}
