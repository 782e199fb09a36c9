import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  can,
  canReachCenter,
  cwcListFilterSchema,
  cwcProduceFormSchema,
  cwcReferFormSchema,
  isAllCenterUser,
  messages,
  type Principal,
} from '../../sync/contract';
import { insertDocuments, recordAction } from '../actions/record';
import { documentRecords } from '../actions/lists';
import { prepareFiles, removeFiles, storeFiles } from '../actions/files';
import { knownTexts, liveCenter } from '../actions/save';
import { serverMessages } from '../core/messages';
import { conflictAnswer } from '../delta/conflict-answer';
import type { AppEnv, AuthUser } from '../core/context';
import type { Db } from '../db/client';
import { centers, childDocuments, children, cwcProduce, cwcRefer, users } from '../db/schema';
import { lockChildOf } from '../history/locks';
import { fail, idParam, ok, readBody } from '../core/http';
import { unflatten } from '../core/multipart';
import { listed, readListQuery, runList, type ListedRow } from '../delta/delta';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { iso, nextUpdatedAt } from '../delta/timestamps';
import { checkPatch, checkSchema, invalid, tooLongIssues } from '../core/validation';

/*
 * CWC produce and refer (spec part 1 sections 2, 3, 6 and 7): lists paged with the
 * date-range filter (and delta for the sync engine), create, update and delete under the
 * cwc module, scoped by the record's center. With a child, a save also sets the child's
 * produce_cwc / refer_cwc flag and writes its produceToCwc / referFromCwc history entry,
 * in the same transaction.
 */

type Kind = 'produce' | 'refer';
const tables = { produce: cwcProduce, refer: cwcRefer } as const;
const config = {
  produce: {
    schema: cwcProduceFormSchema,
    status: 'produceToCwc',
    flag: 'produce_cwc',
    owner: 'cwcProduceId',
    title: 'Produce to CWC',
  },
  refer: {
    schema: cwcReferFormSchema,
    status: 'referFromCwc',
    flag: 'refer_cwc',
    owner: 'cwcReferId',
    title: 'Refer from CWC',
  },
} as const;

const scopeOf = (kind: Kind, user: Principal): SQL | undefined =>
  isAllCenterUser(user) ? undefined : eq(tables[kind].centerId, user.centerId);
const live = (kind: Kind) => isNull(tables[kind].deleted_at);

async function cwcRecords(
  db: Db,
  kind: Kind,
  where: SQL | undefined,
  orderBy: SQL[],
  limit?: number,
  offset = 0,
): Promise<ListedRow[]> {
  const table = tables[kind] as typeof cwcRefer;
  const { deleted_at: _d, ...columns } = getTableColumns(table);
  let query = db
    .select({
      row: columns,
      center: { id: centers.id, name: centers.name },
      child: { id: children.id, name: children.name },
      user: { id: users.id, name: users.name },
    })
    .from(table)
    .leftJoin(centers, eq(centers.id, table.centerId))
    .leftJoin(children, eq(children.id, table.childregId))
    .leftJoin(users, eq(users.id, table.created_by))
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  const rows = await query;
  if (rows.length === 0) return [];
  const owner = kind === 'produce' ? childDocuments.cwcProduceId : childDocuments.cwcReferId;
  const docs = await documentRecords(
    db,
    and(
      inArray(
        owner,
        rows.map((r) => r.row.id),
      ),
      isNull(childDocuments.deleted_at),
    ),
    [asc(childDocuments.id)],
  );
  const key = config[kind].owner;
  return rows.map(({ row, center, child, user }) => ({
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    center_data: center,
    child_data: child?.id ? child : null,
    user_data: user,
    documents: docs.filter((d) => d[key] === row.id),
  }));
}

const recordOf = async (db: Db, kind: Kind, id: number, user: Principal) =>
  (
    await cwcRecords(db, kind, and(eq(tables[kind].id, id), live(kind), scopeOf(kind, user)), [asc(tables[kind].id)])
  )[0] ?? null;

/** GET /produce and /refer: filter centerId, from_date, to_date (the date-range rule); pages or delta. */
export const listCwc = (kind: Kind) => async (c: Context<AppEnv>) => {
  const user = c.get('user');
  if (!can(user, 'view', 'cwc')) return fail(c, 403, messages.forbidden);
  const read = readListQuery(c.req.query());
  if ('error' in read) return invalid(c, [{ path: read.error.field, message: read.error.message }]);
  const filter = cwcListFilterSchema.safeParse(
    Object.fromEntries(Object.entries(c.req.query()).filter(([k]) => ['centerId', 'from_date', 'to_date'].includes(k))),
  );
  if (!filter.success)
    return invalid(
      c,
      filter.error.issues.map((i) => ({ path: i.path.map(String).join('.') || 'body', message: i.message })),
    );
  const f = filter.data;
  const table = tables[kind] as typeof cwcRefer;
  const where = and(
    scopeOf(kind, user),
    f.centerId ? eq(table.centerId, f.centerId) : undefined,
    f.from_date ? gte(table.transfer_date, f.from_date) : undefined,
    f.to_date ? lte(table.transfer_date, f.to_date) : undefined,
  );
  const { db } = c.get('deps');
  const alive = (w: SQL | undefined) => and(live(kind), where, w);
  const answer = await runList(
    db,
    {
      rows: (w, order, limit, offset) =>
        cwcRecords(
          db,
          kind,
          alive(w),
          order === 'page' ? [desc(table.transfer_date), desc(table.id)] : order,
          limit,
          offset,
        ),
      count: async (w) =>
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(table)
            .where(alive(w))
        )[0]?.n ?? 0,
      deletedSince: async (changed) =>
        (
          await db
            .select({ id: table.id })
            .from(table)
            .where(and(isNotNull(table.deleted_at), changed, where))
        ).map((r) => r.id),
      table: table,
    },
    read.query,
  );
  return listed(c, answer);
};

const fieldsOf = (kind: Kind, d: Record<string, unknown>) => ({
  centerId: Number(d.centerId),
  transfer_date: String(d.transfer_date),
  comment: typeof d.comment === 'string' ? d.comment : null,
  ...(kind === 'refer' ? { cwccaseno: typeof d.cwccaseno === 'string' ? d.cwccaseno : null } : {}),
});

/** Sets the child's flag and writes its history entry (a save with a child). */
async function markChild(
  tx: Db,
  kind: Kind,
  childId: number,
  d: Record<string, unknown>,
  user: AuthUser,
): Promise<boolean> {
  const child = await lockChildOf(tx, childId, user);
  if (!child) return false;
  const cfg = config[kind];
  await tx
    .update(children)
    .set({ [cfg.flag]: 1 })
    .where(eq(children.id, child.id));
  await recordAction(
    tx,
    child,
    user,
    {
      history_status: cfg.status,
      transfer_date: String(d.transfer_date),
      comment: typeof d.comment === 'string' ? d.comment : null,
    },
    `${cfg.title} added`,
  );
  return true;
}

/** POST /produce_to_cwc and /refer_to_cwc (multipart, documents[i][field]). */
export const createCwc = (kind: Kind) => async (c: Context<AppEnv>) => {
  const user = c.get('user');
  if (!can(user, 'create', 'cwc')) return fail(c, 403, messages.forbidden);
  const schema = config[kind].schema;
  const body = unflatten(await readBody(c));
  const files = await prepareFiles(body);
  const checked = checkSchema(schema, body, [...files.issues, ...tooLongIssues(knownTexts(schema, body))]);
  if (!checked.ok) return invalid(c, checked.issues);
  const d = checked.data as Record<string, unknown>;
  if (!canReachCenter(user, Number(d.centerId))) return fail(c, 403, messages.forbidden);
  const { db, fileStore } = c.get('deps');
  const names = await storeFiles(fileStore, files);
  try {
    const id = await db.transaction(async (tx) => {
      if (!(await liveCenter(tx, Number(d.centerId)))) return 'no center' as const;
      const childId = typeof d.childregId === 'number' ? d.childregId : null;
      if (childId !== null && !(await markChild(tx, kind, childId, d, user))) return null;
      const [row] = await tx
        .insert(tables[kind])
        .values({ ...fieldsOf(kind, d), childregId: childId, created_by: user.id })
        .returning({ id: tables[kind].id });
      await insertDocuments(
        tx,
        d.documents as Record<string, unknown>[],
        { childregId: childId, [config[kind].owner]: row.id },
        user,
        names,
      );
      return row.id;
    });
    if (id === null || id === 'no center') {
      await removeFiles(fileStore, names);
      return id === null
        ? fail(c, 404, messages.notFound)
        : invalid(c, [{ path: 'centerId', message: serverMessages.invalidCenter }]);
    }
    return ok(c, await recordOf(db, kind, id, user), { message: `${config[kind].title} added successfully` });
  } catch (error) {
    await removeFiles(fileStore, names);
    throw error;
  }
};

const lockRecord = (tx: Db, kind: Kind, id: number, user: Principal) =>
  tx
    .select()
    .from(tables[kind] as typeof cwcRefer)
    .where(and(eq(tables[kind].id, id), live(kind), scopeOf(kind, user)))
    .for('update')
    .then((rows) => rows[0]);

/** POST /produce_to_cwc/:id and /refer_to_cwc/:id: fields merged onto the record; new document rows added. */
export const updateCwc = (kind: Kind) => async (c: Context<AppEnv>) => {
  const user = c.get('user');
  if (!can(user, 'edit', 'cwc')) return fail(c, 403, messages.forbidden);
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const schema = config[kind].schema;
  const body = unflatten(await readBody(c));
  const files = await prepareFiles(body);
  const sent = Object.fromEntries(
    Object.keys(schema.shape)
      .filter((k) => k in body && k !== 'id' && k !== 'childregId')
      .map((k) => [k, body[k]]),
  );
  if (sent.centerId !== undefined && !canReachCenter(user, Number(sent.centerId)))
    return fail(c, 403, messages.forbidden);
  const { db, fileStore } = c.get('deps');
  const names = await storeFiles(fileStore, files);
  try {
    const outcome = await guardedWrite(
      db,
      readIfMatch(c.req.header('if-match')),
      (tx) => lockRecord(tx, kind, id, user),
      async (tx, row) => {
        const existing = await tx
          .select({ id: childDocuments.id })
          .from(childDocuments)
          .where(
            and(
              eq(kind === 'produce' ? childDocuments.cwcProduceId : childDocuments.cwcReferId, row.id),
              isNull(childDocuments.deleted_at),
            ),
          );
        const stored = {
          ...row,
          comment: row.comment ?? undefined,
          documents: existing.map((e) => ({ id: e.id, tagId: 1 })),
        };
        const newRows = Array.isArray(sent.documents) ? (sent.documents as Record<string, unknown>[]) : [];
        const patch = { ...sent, documents: [...stored.documents, ...newRows.filter((r) => !r.id)] };
        const checked = checkPatch(schema, stored, patch, [
          ...files.issues,
          ...tooLongIssues(knownTexts(schema, sent)),
        ]);
        if (!checked.ok) return { issues: checked.issues };
        // A new center must exist and be live; the stored one stays valid even if deleted since.
        if (Number(checked.data.centerId) !== row.centerId && !(await liveCenter(tx, Number(checked.data.centerId)))) {
          return { issues: [{ path: 'centerId', message: serverMessages.invalidCenter }] };
        }
        await tx
          .update(tables[kind])
          .set({ ...fieldsOf(kind, checked.data), updated_at: nextUpdatedAt(tables[kind].updated_at) })
          .where(eq(tables[kind].id, row.id));
        const offset = new Map([...names].map(([k, v]) => [k, v]));
        await insertDocuments(tx, newRows, { childregId: row.childregId, [config[kind].owner]: row.id }, user, offset);
        return {};
      },
    );
    if (outcome.status !== 'ok' || 'issues' in outcome.value) await removeFiles(fileStore, names);
    if (outcome.status === 'missing') return fail(c, 404, messages.notFound);
    if (outcome.status === 'conflict') return conflictAnswer(c, await recordOf(db, kind, id, user));
    if ('issues' in outcome.value && outcome.value.issues) return invalid(c, outcome.value.issues);
    return ok(c, await recordOf(db, kind, id, user), { message: `${config[kind].title} updated successfully` });
  } catch (error) {
    await removeFiles(fileStore, names);
    throw error;
  }
};

/** DELETE /produce_to_cwc_delete/:id and /refer_to_cwc_delete/:id: 'deleted successfully'. */
export const deleteCwc = (kind: Kind) => async (c: Context<AppEnv>) => {
  const user = c.get('user');
  if (!can(user, 'delete', 'cwc')) return fail(c, 403, messages.forbidden);
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  const table = tables[kind] as typeof cwcRefer;
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) => lockRecord(tx, kind, id, user),
    async (tx, row) => {
      await tx
        .update(table)
        .set({ deleted_at: nextUpdatedAt(table.updated_at), updated_at: nextUpdatedAt(table.updated_at) })
        .where(eq(table.id, row.id));
      if (row.childregId) {
        // The flag stays while another live record of the child remains.
        const [other] = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.childregId, row.childregId), isNull(table.deleted_at)))
          .limit(1);
        await tx
          .update(children)
          .set({ ...(other ? {} : { [config[kind].flag]: 0 }), updated_at: nextUpdatedAt(children.updated_at) })
          .where(eq(children.id, row.childregId));
      }
    },
  );
  if (outcome.status === 'missing') return fail(c, 404, messages.notFound);
  if (outcome.status === 'conflict') return conflictAnswer(c, await recordOf(db, kind, id, user));
  return c.json({ success: true, message: messages.deleted });
};
