import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { answerAdminList } from '../admin/list';
import type { AppEnv } from '../core/context';
import { schemes } from '../db/schema';
import { schemeRecords } from './records';

/** GET /sps (getSps): the schemes, newest first, in Laravel pages; with `updated_since` the delta pages the device pulls. */
export const listSchemes = (c: Context<AppEnv>) =>
  answerAdminList(c, {
    table: schemes,
    newestFirst: true,
    rows: (db, where, orderBy, limit, offset) => schemeRecords(db, where, { orderBy, limit, offset }),
  });

/**
 * GET /sps_all: every active scheme without paging (spec part 2, section 7: "a scheme
 * listing also exists for all schemes without paging"), by name: the choices of the
 * Social Protection Scheme action and of Bulk Update.
 */
export async function listAllSchemes(c: Context<AppEnv>) {
  const rows = await schemeRecords(c.get('deps').db, and(isNull(schemes.deleted_at), eq(schemes.status, 1)), {
    orderBy: [asc(schemes.name), asc(schemes.id)],
  });
  return c.json({ success: true, data: rows });
}
