import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { dashboardTiles } from './tiles';

/** The dashboard (spec part 1 section 2). */
export function registerDashboardRoutes(api: Hono<AppEnv>) {
  api.get('/dashboard', dashboardTiles);
}
