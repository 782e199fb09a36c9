import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { restoreExitList, shortStayRegister } from './restore-exit-list';

/** Exit and restoration lists (spec part 2, sections 2 and 7). */
export function registerExitRoutes(api: Hono<AppEnv>) {
  api.post('/restore_exit_list/:status', restoreExitList);
  api.post('/short_stay_register', shortStayRegister);
}
