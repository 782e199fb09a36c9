import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { previousBalanceList } from './list';
import { addPreviousBalance, updatePreviousBalance } from './save';

/** Previous balance (spec part 2 sections 2, 3, 5, 7). */
export function registerBalanceRoutes(api: Hono<AppEnv>) {
  api.post('/previous_balance', previousBalanceList);
  api.post('/previous_balance_add', addPreviousBalance);
  api.post('/previous_balance_update', updatePreviousBalance);
}
