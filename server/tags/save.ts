import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { messages, tagFormSchema } from '../../sync/contract';
import { guardedAnswer } from '../admin/answers';
import { isInUse } from '../admin/in-use';
import { adminMessages } from '../admin/messages';
import type { AppEnv } from '../core/context';
import { fail, idParam, ok, readBody, bodyId } from '../core/http';
import { checkSchema, invalid, tooLongIssues } from '../core/validation';
import { tags } from '../db/schema';
import { nextUpdatedAt } from '../delta/timestamps';
import { lockTag, tagNameTaken, tagRecord } from './records';

/** POST /tag_add. */
export async function addTag(c: Context<AppEnv>) {
  const body = await readBody(c);
  const checked = checkSchema(tagFormSchema, body, tooLongIssues({ name: body.name }));
  if (!checked.ok) return invalid(c, checked.issues);
  const { db } = c.get('deps');
  if (await tagNameTaken(db, checked.data.name)) return invalid(c, [{ path: 'name', message: adminMessages.tagTaken }]);
  const [row] = await db.insert(tags).values({ name: checked.data.name }).returning({ id: tags.id });
  return ok(c, await tagRecord(db, row.id), { message: adminMessages.tagAdded });
}

/** POST /tag_update (R11). */
export async function updateTag(c: Context<AppEnv>) {
  const body = await readBody(c);
  const id = bodyId(body.id);
  if (id === null) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
  const checked = checkSchema(tagFormSchema, { name: body.name }, tooLongIssues({ name: body.name }));
  if (!checked.ok) return invalid(c, checked.issues);
  const { db } = c.get('deps');
  return guardedAnswer(c, {
    lock: (tx) => lockTag(tx, id),
    write: async (tx, row) => {
      if (await tagNameTaken(tx, checked.data.name, row.id))
        return { issues: [{ path: 'name', message: adminMessages.tagTaken }] };
      await tx
        .update(tags)
        .set({ name: checked.data.name, updated_at: nextUpdatedAt(tags.updated_at) })
        .where(eq(tags.id, row.id));
      return { done: null };
    },
    current: () => tagRecord(db, id),
    onDone: async () => ok(c, await tagRecord(db, id), { message: adminMessages.tagUpdated }),
  });
}

/** DELETE /tag_delete/{id}: refused while a document still uses the tag (section 6). */
export async function deleteTag(c: Context<AppEnv>) {
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  return guardedAnswer(c, {
    lock: (tx) => lockTag(tx, id),
    write: async (tx, row) => {
      if (await isInUse(tx, 'tags', row.id)) return { refused: adminMessages.tagInUse };
      await tx
        .update(tags)
        .set({ deleted_at: nextUpdatedAt(tags.updated_at), updated_at: nextUpdatedAt(tags.updated_at) })
        .where(eq(tags.id, row.id));
      return { done: null };
    },
    current: () => tagRecord(db, id),
    onDone: () => c.json({ success: true, message: messages.tagDeleted }),
  });
}
