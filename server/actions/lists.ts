import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import { can, messages, type PermissionAction, type PermissionModule } from '../../sync/contract';
import { childScope, liveChild } from '../children/records';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { activityLogs, centers, childDocuments, childHistory, children, tags, users } from '../db/schema';
import { historyRecords, historyScope, liveHistory } from '../history/records';
import { fail, idParam } from '../core/http';
import { listed, readListQuery, runList, type ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';
import { invalid } from '../core/validation';
import { historyGroups } from './groups';

/*
 * Per-child history tables (spec part 1 sections 2 and 7): /listing/{childId}/{key} and
 * its education/medical/MHP variants, center_history, activitylogs and documents_lists,
 * newest first. GET /activitylogs and GET /documents (no child) are our extensions the
 * sync engine pulls by delta (sync/SPEC.md R15), scoped by the child's center.
 */

const guard = (c: Context<AppEnv>, action: PermissionAction, module: PermissionModule) =>
  can(c.get('user'), action, module) ? null : fail(c, 403, messages.forbidden);

/** GET /listing/:childId/:status (and /{x}_lists/:childId, /center_history/:childId). */
export const listGroup = (fixed?: string) => async (c: Context<AppEnv>) => {
  const refused = guard(c, 'view', 'child_tracking');
  if (refused) return refused;
  const childId = idParam(c.req.param('childId'));
  const group = historyGroups[fixed ?? c.req.param('status') ?? ''];
  if (childId === null || !group) return fail(c, 404, messages.notFound);
  const rows = await historyRecords(
    c.get('deps').db,
    and(
      eq(childHistory.childregId, childId),
      inArray(childHistory.history_status, [...group.statuses]),
      liveHistory,
      liveChild,
      historyScope(c.get('user')),
    ),
    [desc(childHistory.created_at), desc(childHistory.id)],
  );
  return c.json({ success: true, data: rows });
};

const { deleted_at: _a, ...logColumns } = getTableColumns(activityLogs);
const { deleted_at: _d, ...documentColumns } = getTableColumns(childDocuments);

async function logRecords(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit?: number,
  offset = 0,
): Promise<ListedRow[]> {
  let query = db
    .select({
      log: logColumns,
      center: { id: centers.id, name: centers.name },
      user: { id: users.id, name: users.name },
    })
    .from(activityLogs)
    .innerJoin(children, eq(children.id, activityLogs.childregId))
    .leftJoin(centers, eq(centers.id, activityLogs.centerId))
    .leftJoin(users, eq(users.id, activityLogs.created_by))
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return (await query).map(({ log, center, user }) => ({
    ...log,
    created_at: iso(log.created_at),
    updated_at: iso(log.updated_at),
    center_data: center,
    user_data: user,
  }));
}

export async function documentRecords(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit?: number,
  offset = 0,
): Promise<ListedRow[]> {
  let query = db
    .select({ doc: documentColumns, user: { id: users.id, name: users.name }, tag: { id: tags.id, name: tags.name } })
    .from(childDocuments)
    .leftJoin(children, eq(children.id, childDocuments.childregId))
    .leftJoin(tags, eq(tags.id, childDocuments.tagId))
    .leftJoin(users, eq(users.id, childDocuments.created_by))
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return (await query).map(({ doc, user, tag }) => ({
    ...doc,
    created_at: iso(doc.created_at),
    updated_at: iso(doc.updated_at),
    tag_data: tag,
    user_data: user,
    file_path: doc.filename ? `${DOCUMENT_FILE_PATH}${doc.filename}` : null,
    audio_path: doc.profile_audio_name ? `${DOCUMENT_FILE_PATH}${doc.profile_audio_name}` : null,
  }));
}

/** Where document files are served from. */
export const DOCUMENT_FILE_PATH = '/api/files/documents/';

export const liveLog = isNull(activityLogs.deleted_at);
export const liveDocument = isNull(childDocuments.deleted_at);

/** GET /activitylogs/:childId */
export async function childActivity(c: Context<AppEnv>) {
  const refused = guard(c, 'view', 'child_tracking');
  if (refused) return refused;
  const childId = idParam(c.req.param('childId'));
  if (childId === null) return fail(c, 404, messages.notFound);
  const rows = await logRecords(
    c.get('deps').db,
    and(eq(activityLogs.childregId, childId), liveLog, liveChild, childScope(c.get('user'))),
    [desc(activityLogs.created_at), desc(activityLogs.id)],
  );
  return c.json({ success: true, data: rows });
}

/** GET /documents_lists/:childId */
export async function childDocumentList(c: Context<AppEnv>) {
  const refused = guard(c, 'view', 'child_registration');
  if (refused) return refused;
  const childId = idParam(c.req.param('childId'));
  if (childId === null) return fail(c, 404, messages.notFound);
  const rows = await documentRecords(
    c.get('deps').db,
    and(eq(childDocuments.childregId, childId), liveDocument, liveChild, childScope(c.get('user'))),
    [desc(childDocuments.created_at), desc(childDocuments.id)],
  );
  return c.json({ success: true, data: rows });
}

type DeltaTable = PgTable & {
  id: typeof activityLogs.id;
  updated_at: typeof activityLogs.updated_at;
  deleted_at: typeof activityLogs.deleted_at;
  childregId: typeof activityLogs.childregId;
};

/** A delta-capable list of a per-child table, scoped by the child's center. */
const deltaList =
  (table: DeltaTable, records: typeof logRecords, module: PermissionModule) => async (c: Context<AppEnv>) => {
    const refused = guard(c, 'view', module);
    if (refused) return refused;
    const read = readListQuery(c.req.query());
    if ('error' in read) return invalid(c, [{ path: read.error.field, message: read.error.message }]);
    const { db } = c.get('deps');
    const scope = and(childScope(c.get('user')), isNotNull(table.childregId));
    const live = (where: SQL | undefined) => and(isNull(table.deleted_at), scope, where);
    const answer = await runList(
      db,
      {
        rows: (where, order, limit, offset) =>
          records(db, live(where), order === 'page' ? [desc(table.updated_at), desc(table.id)] : order, limit, offset),
        count: async (where) => {
          const [row] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(table)
            .innerJoin(children, eq(children.id, table.childregId))
            .where(live(where));
          return row?.n ?? 0;
        },
        deletedSince: async (changed) => {
          const rows = await db
            .select({ id: table.id })
            .from(table)
            .innerJoin(children, eq(children.id, table.childregId))
            .where(and(isNotNull(table.deleted_at), changed, scope));
          return rows.map((r) => r.id);
        },
        table: table,
      },
      read.query,
    );
    return listed(c, answer);
  };

export const listActivityLogs = deltaList(activityLogs as unknown as DeltaTable, logRecords, 'child_tracking');
export const listDocuments = deltaList(childDocuments as unknown as DeltaTable, documentRecords, 'child_registration');
