import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { listAllSchemes, listSchemes } from './list';
import { addScheme, updateScheme } from './save';

/** Social protection schemes (spec part 2, sections 2, 3 and 7). */
export function registerSchemeRoutes(api: Hono<AppEnv>) {
  api.get('/sps', listSchemes);
  api.get('/sps_all', listAllSchemes);
  api.post('/sps_add', addScheme);
  api.post('/sps_update', updateScheme);
}
