import { asc, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { answerAdminList } from '../admin/list';
import type { AppEnv } from '../core/context';
import { ok } from '../core/http';
import { tags } from '../db/schema';
import { tagRecords } from './records';

/** GET /tags_all: every live tag by name, for the document rows of any signed-in user. */
export async function allTags(c: Context<AppEnv>) {
  const rows = await c
    .get('deps')
    .db.select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(isNull(tags.deleted_at))
    .orderBy(asc(tags.name));
  return ok(c, rows);
}

/** GET /tags: the administration list, or delta pages (R15). */
export const listTags = (c: Context<AppEnv>) =>
  answerAdminList(c, {
    table: tags,
    newestFirst: true,
    rows: (db, where, orderBy, limit, offset) => tagRecords(db, where, { orderBy, limit, offset }),
  });
