import type { Hono } from 'hono';
import { deleteEntry } from '../actions/delete';
import type { AppEnv } from '../core/context';
import { listHistory } from './list';
import { viewHistory } from './view';

/**
 * Child history: the generic listing_delete, history_view and the /history list the sync
 * engine pulls. Entries are created, and an education, medical or MHP one updated, in
 * server/actions/routes.ts.
 */
export function registerHistoryRoutes(api: Hono<AppEnv>) {
  api.get('/history', listHistory);

  api.get('/history_view/:id', viewHistory);
  // Only the last entry of a history table may be deleted (spec section 4): server/actions/delete.ts.
  api.delete('/listing_delete/:id', deleteEntry());
}
