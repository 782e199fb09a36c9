import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { schemeFormSchema } from '../../sync/contract';
import { answerGuarded, type WriteVerdict } from '../admin/answers';
import type { AppEnv } from '../core/context';
import { schemes } from '../db/schema';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { ok, readBody } from '../core/http';
import { checkSchema, invalid, tooLongIssues } from '../core/validation';
import { lockScheme, schemeMessages, schemeRecord } from './records';

/** POST /sps_add: name required ('Scheme name is required.'), status 1 Active or 0 Inactive (default 1). */
export async function addScheme(c: Context<AppEnv>) {
  const body = await readBody(c);
  const checked = checkSchema(
    schemeFormSchema,
    { name: body.name, status: body.status },
    tooLongIssues({ name: body.name }),
  );
  if (!checked.ok) return invalid(c, checked.issues);
  const { db } = c.get('deps');
  const [row] = await db
    .insert(schemes)
    .values({ name: checked.data.name, status: checked.data.status })
    .returning({ id: schemes.id });
  return ok(c, await schemeRecord(db, row.id), { message: schemeMessages.added });
}

/** POST /sps_update: id, name and status; guarded by If-Match like every update (sync/SPEC.md R11). */
export async function updateScheme(c: Context<AppEnv>) {
  const body = await readBody(c);
  const checked = checkSchema(
    schemeFormSchema,
    { id: body.id, name: body.name, status: body.status },
    tooLongIssues({ name: body.name }),
  );
  if (!checked.ok) return invalid(c, checked.issues);
  const id = checked.data.id;
  if (!id) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
  const { db } = c.get('deps');
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) => lockScheme(tx, id),
    async (tx, row): Promise<WriteVerdict<null>> => {
      await tx
        .update(schemes)
        .set({ name: checked.data.name, status: checked.data.status, updated_at: nextUpdatedAt(schemes.updated_at) })
        .where(eq(schemes.id, row.id));
      return { done: null };
    },
  );
  return answerGuarded(
    c,
    outcome,
    () => schemeRecord(db, id),
    async () => ok(c, await schemeRecord(db, id), { message: schemeMessages.updated }),
  );
}
