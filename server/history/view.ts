import type { Context } from 'hono';
import { can, messages } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { fail, idParam, ok } from '../core/http';
import { historyRecord } from './records';

/** GET /history_view/{id}: one history entry the user may see (child_tracking view). */
export async function viewHistory(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'view', 'child_tracking')) return fail(c, 403, messages.forbidden);
  const id = idParam(c.req.param('id'));
  const record = id === null ? null : await historyRecord(c.get('deps').db, id, user);
  return record ? ok(c, record) : fail(c, 404, messages.notFound);
}
