import type { Hono } from 'hono';
import { can, messages } from '../../sync/contract';
import { deleteEntry } from '../actions/delete';
import type { AppEnv } from '../core/context';
import { listHistory } from './list';
import { updateMedical } from './medical';
import { historyRecord } from './records';
import { fail, idParam, ok } from '../core/http';

/**
 * Child history: update of medical entries (they are created with the other actions, server/actions/routes.ts), the generic
 * listing_delete, history_view and the /history list the sync engine pulls.
 */
export function registerHistoryRoutes(api: Hono<AppEnv>) {
  api.post('/update_medical', updateMedical);
  api.get('/history', listHistory);

  api.get('/history_view/:id', async (c) => {
    const user = c.get('user');
    if (!can(user, 'view', 'child_tracking')) return fail(c, 403, messages.forbidden);
    const id = idParam(c.req.param('id'));
    const record = id === null ? null : await historyRecord(c.get('deps').db, id, user);
    return record ? ok(c, record) : fail(c, 404, messages.notFound);
  });

  // Only the last entry of a history table may be deleted (spec section 4): server/actions/delete.ts.
  api.delete('/listing_delete/:id', deleteEntry());
}
