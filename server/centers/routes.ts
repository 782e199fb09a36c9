import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import {
  ALL_CENTERS_ID,
  centerFilterSchema,
  centerFormSchema,
  centersDetailsKeyByType,
  messages,
  type CentersDetails,
} from '../../sync/contract';
import { answerGuarded, type WriteVerdict } from '../admin/answers';
import { isInUse } from '../admin/in-use';
import { answerAdminList, containsText } from '../admin/list';
import { adminMessages } from '../admin/messages';
import { centerRecords, one } from '../admin/records';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { centers, centerTypes } from '../db/schema';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { fail, idParam, ok, readBody, bodyId } from '../core/http';
import { checkPatch, checkSchema, invalid, tooLongIssues, type Issue } from '../core/validation';

/*
 * Centers administration (spec part 1, sections 2, 4, 5, 7): list with filters and stat
 * counts, add, update, delete and the status toggle. Who may call them is decided by the
 * endpoint table (server/admin/permission.ts); updates, deletes and status changes honour
 * If-Match (sync/SPEC.md R11) and the list answers delta pulls (R15).
 */

const lockCenter = (tx: Db, id: number) =>
  tx
    .select()
    .from(centers)
    .where(and(eq(centers.id, id), isNull(centers.deleted_at)))
    .for('update')
    .then((rows) => rows[0]);

const centerRecord = (db: Db, id: number) =>
  one(centerRecords(db, and(eq(centers.id, id), isNull(centers.deleted_at)), { orderBy: [] }));

async function typeExists(db: Db, centertypeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: centerTypes.centertypeId })
    .from(centerTypes)
    .where(eq(centerTypes.centertypeId, centertypeId));
  return Boolean(row);
}

const formFields = (body: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(centerFormSchema.shape)
      .filter((k) => k in body)
      .map((k) => [k, body[k]]),
  );

export function registerAdminCenterRoutes(api: Hono<AppEnv>) {
  api.get('/centers', async (c) => {
    const filter = centerFilterSchema.safeParse(c.req.query());
    const f = filter.success ? filter.data : {};
    const where = and(
      f.centertypeId ? eq(centers.centertypeId, f.centertypeId) : undefined,
      f.name ? containsText(centers.name, f.name) : undefined,
    );
    return answerAdminList(c, {
      table: centers,
      where,
      newestFirst: false,
      rows: (db, w, orderBy, limit, offset) => centerRecords(db, w, { orderBy, limit, offset }),
    });
  });

  api.get('/centers_details', async (c) => {
    const rows = await c
      .get('deps')
      .db.select({ type: centers.centertypeId, n: sql<number>`count(*)::int` })
      .from(centers)
      .where(isNull(centers.deleted_at))
      .groupBy(centers.centertypeId);
    const details: CentersDetails = {
      total_centers: 0,
      contact_point: 0,
      open_shelter: 0,
      home: 0,
      child_help_line: 0,
    };
    for (const row of rows) {
      details.total_centers += row.n;
      const key = centersDetailsKeyByType[row.type as keyof typeof centersDetailsKeyByType];
      if (key) details[key] += row.n;
    }
    return ok(c, details);
  });

  api.post('/center_add', async (c) => {
    const body = await readBody(c);
    const checked = checkSchema(centerFormSchema, body, tooLongIssues(formFields(body)));
    if (!checked.ok) return invalid(c, checked.issues);
    const { id: _id, ...data } = checked.data;
    const { db } = c.get('deps');
    if (!(await typeExists(db, data.centertypeId)))
      return invalid(c, [{ path: 'centertypeId', message: adminMessages.invalidCenterType }]);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(centers)
        .values({ ...data, email: data.email ?? null, phone: data.phone ?? null })
        .returning({ id: centers.id });
      await tx
        .update(centers)
        .set({ unique_centerId: `SBT-${data.prefix}-${String(row.id).padStart(3, '0')}` })
        .where(eq(centers.id, row.id));
      return row.id;
    });
    return ok(c, await centerRecord(db, id), { message: adminMessages.centerAdded });
  });

  api.post('/center_update', async (c) => {
    const body = await readBody(c);
    const id = bodyId(body.id);
    if (id === null) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
    const { id: _id, ...sent } = formFields(body);
    const { db } = c.get('deps');
    const outcome = await guardedWrite(
      db,
      readIfMatch(c.req.header('if-match')),
      (tx) => lockCenter(tx, id),
      async (tx, row): Promise<WriteVerdict<null>> => {
        const stored = {
          centertypeId: row.centertypeId,
          name: row.name,
          prefix: row.prefix,
          address: row.address,
          status: row.status,
          email: row.email,
          phone: row.phone,
        };
        const checked = checkPatch(centerFormSchema, stored, sent, tooLongIssues(sent));
        if (!checked.ok) return { issues: checked.issues };
        const data = checked.data as Record<string, unknown> & { centertypeId: number; status: number };
        if (data.centertypeId !== row.centertypeId && !(await typeExists(tx, data.centertypeId))) {
          return { issues: [{ path: 'centertypeId', message: adminMessages.invalidCenterType }] satisfies Issue[] };
        }
        if (row.id === ALL_CENTERS_ID && data.status !== 1) return { refused: adminMessages.headOffice };
        await tx
          .update(centers)
          .set({
            centertypeId: data.centertypeId,
            name: String(data.name),
            prefix: String(data.prefix),
            address: String(data.address),
            status: data.status,
            email: (data.email as string | null | undefined) ?? null,
            phone: (data.phone as string | null | undefined) ?? null,
            updated_at: nextUpdatedAt(centers.updated_at),
          })
          .where(eq(centers.id, row.id));
        return { done: null };
      },
    );
    return answerGuarded(
      c,
      outcome,
      () => centerRecord(db, id),
      async () => ok(c, await centerRecord(db, id), { message: adminMessages.centerUpdated }),
    );
  });

  api.delete('/center_delete/:id', async (c) => {
    const id = idParam(c.req.param('id'));
    if (id === null) return fail(c, 404, messages.notFound);
    const { db } = c.get('deps');
    const outcome = await guardedWrite(
      db,
      readIfMatch(c.req.header('if-match')),
      (tx) => lockCenter(tx, id),
      async (tx, row): Promise<WriteVerdict<null>> => {
        if (row.id === ALL_CENTERS_ID) return { refused: adminMessages.headOffice };
        if (await isInUse(tx, 'centers', row.id)) return { refused: adminMessages.centerInUse };
        await tx
          .update(centers)
          .set({ deleted_at: nextUpdatedAt(centers.updated_at), updated_at: nextUpdatedAt(centers.updated_at) })
          .where(eq(centers.id, row.id));
        return { done: null };
      },
    );
    return answerGuarded(
      c,
      outcome,
      () => centerRecord(db, id),
      () => c.json({ success: true, message: messages.centerDeleted }),
    );
  });

  api.post('/center_status/:id/:status', async (c) => {
    const id = idParam(c.req.param('id'));
    if (id === null) return fail(c, 404, messages.notFound);
    const status = c.req.param('status');
    if (status !== '0' && status !== '1') return invalid(c, [{ path: 'status', message: adminMessages.statusInvalid }]);
    const { db } = c.get('deps');
    const outcome = await guardedWrite(
      db,
      readIfMatch(c.req.header('if-match')),
      (tx) => lockCenter(tx, id),
      async (tx, row): Promise<WriteVerdict<null>> => {
        if (row.id === ALL_CENTERS_ID && status === '0') return { refused: adminMessages.headOffice };
        await tx
          .update(centers)
          .set({ status: Number(status), updated_at: nextUpdatedAt(centers.updated_at) })
          .where(eq(centers.id, row.id));
        return { done: null };
      },
    );
    return answerGuarded(
      c,
      outcome,
      () => centerRecord(db, id),
      async () => ok(c, await centerRecord(db, id), { message: messages.statusChanged }),
    );
  });
}
