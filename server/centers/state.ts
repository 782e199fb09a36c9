import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { ALL_CENTERS_ID, messages } from '../../sync/contract';
import { guardedAnswer } from '../admin/answers';
import { isInUse } from '../admin/in-use';
import { adminMessages } from '../admin/messages';
import type { AppEnv } from '../core/context';
import { fail, idParam, ok } from '../core/http';
import { invalid } from '../core/validation';
import { centers } from '../db/schema';
import { nextUpdatedAt } from '../delta/timestamps';
import { centerRecord, lockCenter } from './records';

/** DELETE /center_delete/{id}: refused for the head office and for a center still in use (section 6). */
export async function deleteCenter(c: Context<AppEnv>) {
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  return guardedAnswer(c, {
    lock: (tx) => lockCenter(tx, id),
    write: async (tx, row) => {
      if (row.id === ALL_CENTERS_ID) return { refused: adminMessages.headOffice };
      if (await isInUse(tx, 'centers', row.id)) return { refused: adminMessages.centerInUse };
      await tx
        .update(centers)
        .set({ deleted_at: nextUpdatedAt(centers.updated_at), updated_at: nextUpdatedAt(centers.updated_at) })
        .where(eq(centers.id, row.id));
      return { done: null };
    },
    current: () => centerRecord(db, id),
    onDone: () => c.json({ success: true, message: messages.centerDeleted }),
  });
}

/** POST /center_status/{id}/{status}, status 1 or 0; the head office is never disabled. */
export async function setCenterStatus(c: Context<AppEnv>) {
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const status = c.req.param('status');
  if (status !== '0' && status !== '1') return invalid(c, [{ path: 'status', message: adminMessages.statusInvalid }]);
  const { db } = c.get('deps');
  return guardedAnswer(c, {
    lock: (tx) => lockCenter(tx, id),
    write: async (tx, row) => {
      if (row.id === ALL_CENTERS_ID && status === '0') return { refused: adminMessages.headOffice };
      await tx
        .update(centers)
        .set({ status: Number(status), updated_at: nextUpdatedAt(centers.updated_at) })
        .where(eq(centers.id, row.id));
      return { done: null };
    },
    current: () => centerRecord(db, id),
    onDone: async () => ok(c, await centerRecord(db, id), { message: messages.statusChanged }),
  });
}
