import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { can, messages } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { childHistory, children } from '../db/schema';
import { fail, idParam } from '../core/http';
import { listed, readListQuery, runList, type ListSource } from '../delta/delta';
import { invalid } from '../core/validation';
import { historyRecords, historyScope, liveHistory } from './records';

/**
 * GET /history: our extension so the engine can pull history (the spec lists history
 * per child and status only). Optional `childregId` and `history_status` narrow it;
 * scoped by the child's center; newest first, or a delta page with `updated_since`.
 */
export async function listHistory(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!can(user, 'view', 'child_tracking')) return fail(c, 403, messages.forbidden);
  const read = readListQuery(c.req.query());
  if ('error' in read) return invalid(c, [{ path: read.error.field, message: read.error.message }]);
  const childId = c.req.query('childregId');
  const status = c.req.query('history_status')?.trim();
  const childFilter = childId ? eq(childHistory.childregId, idParam(childId) ?? 0) : undefined;
  const filter = and(historyScope(user), childFilter, status ? eq(childHistory.history_status, status) : undefined);

  const { db } = c.get('deps');
  const live = (where: SQL | undefined) => and(liveHistory, filter, where);
  const source: ListSource = {
    rows: (where, order, limit, offset) =>
      historyRecords(
        db,
        live(where),
        order === 'page' ? [desc(childHistory.created_at), desc(childHistory.id)] : order,
        limit,
        offset,
      ),
    count: async (where) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(childHistory)
        .innerJoin(children, eq(children.id, childHistory.childregId))
        .where(live(where));
      return row?.n ?? 0;
    },
    deletedSince: async (changed) => {
      const rows = await db
        .select({ id: childHistory.id })
        .from(childHistory)
        .innerJoin(children, eq(children.id, childHistory.childregId))
        .where(and(isNotNull(childHistory.deleted_at), changed, filter))
        .orderBy(asc(childHistory.id));
      return rows.map((r) => r.id);
    },
    table: childHistory,
  };
  return listed(c, await runList(db, source, read.query));
}
