import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { isAdministrator, messages, userFilterSchema } from '../../sync/contract';
import { answerAdminList, containsText } from '../admin/list';
import type { AppEnv } from '../core/context';
import { fail } from '../core/http';
import { USER_IMAGE_PATH } from '../core/messages';
import { users } from '../db/schema';
import { sniffImage } from '../files/uploads';
import { readUserImage } from './images';
import { userRecords } from './records';

/** GET /users: the administration list filtered by center, role and name, or delta pages (R15). */
export async function listUsers(c: Context<AppEnv>) {
  const filter = userFilterSchema.safeParse(c.req.query());
  const f = filter.success ? filter.data : {};
  const where = and(
    f.centertypeId ? eq(users.centerId, f.centertypeId) : undefined,
    f.role_id ? eq(users.role_id, f.role_id) : undefined,
    f.name ? containsText(users.name, f.name) : undefined,
  );
  return answerAdminList(c, {
    table: users,
    where,
    newestFirst: true,
    rows: (db, w, orderBy, limit, offset) => userRecords(db, w, { orderBy, limit, offset }),
    extra: { image_path: USER_IMAGE_PATH },
  });
}

/** GET /files/users/{name}: a user's picture, to administrators and to the user it shows; 404 otherwise. */
export async function userImage(c: Context<AppEnv>) {
  const me = c.get('user');
  const name = c.req.param('name') ?? '';
  const { db, fileStore } = c.get('deps');
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.image, name), isNull(users.deleted_at)))
    .limit(1);
  if (!owner || (!isAdministrator(me) && owner.id !== me.id)) return fail(c, 404, messages.notFound);
  const bytes = await readUserImage(fileStore, name);
  const kind = bytes ? sniffImage(bytes) : null;
  if (!bytes || !kind) return fail(c, 404, messages.notFound);
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': kind === 'png' ? 'image/png' : 'image/jpeg',
    'Content-Disposition': 'inline',
  });
}
