import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { messages, tagFormSchema } from '../../sync/contract';
import { answerGuarded, type WriteVerdict } from '../admin/answers';
import { isInUse } from '../admin/in-use';
import { answerAdminList } from '../admin/list';
import { adminMessages } from '../admin/messages';
import { one, tagRecords } from '../admin/records';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { tags } from '../db/schema';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { fail, idParam, ok, readBody, bodyId } from '../core/http';
import { checkSchema, invalid, tooLongIssues } from '../core/validation';

/*
 * Document tags (spec part 1, sections 2, 5, 7): /tags_all for the document rows of any
 * signed-in user, and the administration list, add, update and delete. Names are unique
 * among live tags, compared case-insensitively.
 */

const lockTag = (tx: Db, id: number) =>
  tx
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), isNull(tags.deleted_at)))
    .for('update')
    .then((rows) => rows[0]);

const tagRecord = (db: Db, id: number) =>
  one(tagRecords(db, and(eq(tags.id, id), isNull(tags.deleted_at)), { orderBy: [] }));

async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        isNull(tags.deleted_at),
        sql`lower(${tags.name}) = lower(${name})`,
        exceptId ? ne(tags.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export function registerAdminTagRoutes(api: Hono<AppEnv>) {
  api.get('/tags_all', async (c) => {
    const rows = await c
      .get('deps')
      .db.select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(isNull(tags.deleted_at))
      .orderBy(asc(tags.name));
    return ok(c, rows);
  });

  api.get('/tags', (c) =>
    answerAdminList(c, {
      table: tags,
      newestFirst: true,
      rows: (db, where, orderBy, limit, offset) => tagRecords(db, where, { orderBy, limit, offset }),
    }),
  );

  api.post('/tag_add', async (c) => {
    const body = await readBody(c);
    const checked = checkSchema(tagFormSchema, body, tooLongIssues({ name: body.name }));
    if (!checked.ok) return invalid(c, checked.issues);
    const { db } = c.get('deps');
    if (await nameTaken(db, checked.data.name)) return invalid(c, [{ path: 'name', message: adminMessages.tagTaken }]);
    const [row] = await db.insert(tags).values({ name: checked.data.name }).returning({ id: tags.id });
    return ok(c, await tagRecord(db, row.id), { message: adminMessages.tagAdded });
  });

  api.post('/tag_update', async (c) => {
    const body = await readBody(c);
    const id = bodyId(body.id);
    if (id === null) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
    const checked = checkSchema(tagFormSchema, { name: body.name }, tooLongIssues({ name: body.name }));
    if (!checked.ok) return invalid(c, checked.issues);
    const { db } = c.get('deps');
    const outcome = await guardedWrite(
      db,
      readIfMatch(c.req.header('if-match')),
      (tx) => lockTag(tx, id),
      async (tx, row): Promise<WriteVerdict<null>> => {
        if (await nameTaken(tx, checked.data.name, row.id))
          return { issues: [{ path: 'name', message: adminMessages.tagTaken }] };
        await tx
          .update(tags)
          .set({ name: checked.data.name, updated_at: nextUpdatedAt(tags.updated_at) })
          .where(eq(tags.id, row.id));
        return { done: null };
      },
    );
    return answerGuarded(
      c,
      outcome,
      () => tagRecord(db, id),
      async () => ok(c, await tagRecord(db, id), { message: adminMessages.tagUpdated }),
    );
  });

  api.delete('/tag_delete/:id', async (c) => {
    const id = idParam(c.req.param('id'));
    if (id === null) return fail(c, 404, messages.notFound);
    const { db } = c.get('deps');
    const outcome = await guardedWrite(
      db,
      readIfMatch(c.req.header('if-match')),
      (tx) => lockTag(tx, id),
      async (tx, row): Promise<WriteVerdict<null>> => {
        if (await isInUse(tx, 'tags', row.id)) return { refused: adminMessages.tagInUse };
        await tx
          .update(tags)
          .set({ deleted_at: nextUpdatedAt(tags.updated_at), updated_at: nextUpdatedAt(tags.updated_at) })
          .where(eq(tags.id, row.id));
        return { done: null };
      },
    );
    return answerGuarded(
      c,
      outcome,
      () => tagRecord(db, id),
      () => c.json({ success: true, message: messages.tagDeleted }),
    );
  });
}
