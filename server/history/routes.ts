import type { Hono } from 'hono';
import { deleteEntry } from '../actions/delete';
import type { AppEnv } from '../core/context';
import { listHistory } from './list';
import { updateMedical } from './medical';
import { viewHistory } from './view';

/**
 * Child history: update of medical entries (they are created with the other actions, server/actions/routes.ts), the generic
 * listing_delete, history_view and the /history list the sync engine pulls.
 */
export function registerHistoryRoutes(api: Hono<AppEnv>) {
  api.post('/update_medical', updateMedical);
  api.get('/history', listHistory);

  api.get('/history_view/:id', viewHistory);
  // Only the last entry of a history table may be deleted (spec section 4): server/actions/delete.ts.
  api.delete('/listing_delete/:id', deleteEntry());
}
