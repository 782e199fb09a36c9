import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { ALL_CENTERS_ID, centerFormSchema } from '../../sync/contract';
import { guardedAnswer, type WriteVerdict } from '../admin/answers';
import { adminMessages } from '../admin/messages';
import type { AppEnv } from '../core/context';
import { ok, readBody, bodyId } from '../core/http';
import { checkPatch, checkSchema, invalid, tooLongIssues, type Issue } from '../core/validation';
import type { Db } from '../db/client';
import { centers } from '../db/schema';
import { nextUpdatedAt } from '../delta/timestamps';
import { centerRecord, formFields, lockCenter, typeExists } from './records';

/** POST /center_add: the unique center id is SBT-<prefix>-<id, three digits>. */
export async function addCenter(c: Context<AppEnv>) {
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
}

type CenterRow = NonNullable<Awaited<ReturnType<typeof lockCenter>>>;

/** The sent fields over the stored center, checked; the head office stays enabled. */
async function updateLocked(tx: Db, row: CenterRow, sent: Record<string, unknown>): Promise<WriteVerdict<null>> {
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
}

/** POST /center_update (R11). */
export async function updateCenter(c: Context<AppEnv>) {
  const body = await readBody(c);
  const id = bodyId(body.id);
  if (id === null) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
  const { id: _id, ...sent } = formFields(body);
  const { db } = c.get('deps');
  return guardedAnswer(c, {
    lock: (tx) => lockCenter(tx, id),
    write: (tx, row) => updateLocked(tx, row, sent),
    current: () => centerRecord(db, id),
    onDone: async () => ok(c, await centerRecord(db, id), { message: adminMessages.centerUpdated }),
  });
}
