import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { centerFilterSchema, centersDetailsKeyByType, isAllCenterUser, type CentersDetails } from '../../sync/contract';
import { answerAdminList, containsText } from '../admin/list';
import type { AppEnv } from '../core/context';
import { ok } from '../core/http';
import { centers, centerTypes } from '../db/schema';
import { centerRecords } from './records';

/** GET /centers: the administration list with its filters, or delta pages (R15). */
export async function listCenters(c: Context<AppEnv>) {
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
}

/** GET /centers_details: the stat counts above the centers list. */
export async function centersDetails(c: Context<AppEnv>) {
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
}

/**
 * GET /centers_list, the center picker; a center-bound user only ever sees its own center
 * (DESIGN.md, Server). Beside the spec's id and name it gives each center's
 * unique_centerId, so report details counted on the device show the Unique Center Id as
 * the server's do (part 2, Report details) for every user, not only those who pull the
 * administrators' centers table; SPEC_ONLY leaves it out (server/core/spec-only.ts).
 */
export async function centersList(c: Context<AppEnv>) {
  const user = c.get('user');
  const rows = await c
    .get('deps')
    .db.select({ id: centers.id, name: centers.name, unique_centerId: centers.unique_centerId })
    .from(centers)
    .where(and(isNull(centers.deleted_at), isAllCenterUser(user) ? undefined : eq(centers.id, user.centerId)))
    .orderBy(asc(centers.id));
  return ok(c, rows);
}

/** GET /centers_points: the center types the center form offers. */
export async function centersPoints(c: Context<AppEnv>) {
  const rows = await c
    .get('deps')
    .db.select({ centertypeId: centerTypes.centertypeId, centername: centerTypes.centername })
    .from(centerTypes)
    .orderBy(asc(centerTypes.centertypeId));
  return ok(c, rows);
}
