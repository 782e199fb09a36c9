import { and, asc, desc, eq, getTableColumns, inArray, isNull, type SQL } from 'drizzle-orm';
import { isAllCenterUser, lastStatusOf, type Principal } from '../../sync/contract';
import type { Db } from '../db/client';
import { centers, childHistory, children, districts, states, users } from '../db/schema';
import type { ListedRow } from '../delta/delta';
import { iso } from '../delta/timestamps';

/*
 * A child as every call returns it (list rows, view, edit, the create and update
 * answers, and the `data` of a 409): one shape everywhere, or the sync engine's
 * three-way merge would see fields "changed" that only a different call left out.
 */

/** Where child images are served from, sent as image_path. */
export const CHILD_IMAGE_PATH = '/api/files/children/';

/** The entry fields a child's answer reads: its transfer (child_center) and last_status. */
const historyColumns = {
  childregId: childHistory.childregId,
  centerId: childHistory.centerId,
  history_status: childHistory.history_status,
  transfer_date: childHistory.transfer_date,
  comment: childHistory.comment,
  social_protection_scheme: childHistory.social_protection_scheme,
  medical_issues: childHistory.medical_issues,
  education_type: childHistory.education_type,
  mhp: childHistory.mhp,
  other: childHistory.other,
};
type HistoryRow = { [K in keyof typeof historyColumns]: (typeof childHistory.$inferSelect)[K] };
const { deleted_at: _deleted, ...childColumns } = getTableColumns(children);

/** The children a user may reach: all for centerId 1, else its own center's. */
export const childScope = (user: Principal): SQL | undefined =>
  isAllCenterUser(user) ? undefined : eq(children.centerdetailId, user.centerId);

export const liveChild = isNull(children.deleted_at);

/** Serialised children matching `where`, in `orderBy`, with their relations and last_status. */
export async function childRecords(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit?: number,
  offset = 0,
  /** 'none': the rows have no history yet (a child just created), so it is not read. */
  withHistory: 'read' | 'none' = 'read',
): Promise<ListedRow[]> {
  let query = db
    .select({
      child: childColumns,
      center: { id: centers.id, name: centers.name },
      state: { id: states.id, name: states.name },
      district: { id: districts.id, name: districts.name },
      user: { id: users.id, name: users.name },
    })
    .from(children)
    .leftJoin(centers, eq(centers.id, children.centerdetailId))
    .leftJoin(states, eq(states.id, children.stateId))
    .leftJoin(districts, eq(districts.id, children.district))
    .leftJoin(users, eq(users.id, children.created_by))
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  const rows = await query;
  if (rows.length === 0) return [];
  const history: HistoryRow[] =
    withHistory === 'none'
      ? []
      : await db
          .select(historyColumns)
          .from(childHistory)
          .where(
            and(
              inArray(
                childHistory.childregId,
                rows.map((r) => r.child.id),
              ),
              isNull(childHistory.deleted_at),
            ),
          )
          .orderBy(asc(childHistory.created_at), asc(childHistory.id));
  const byChild = new Map<number, HistoryRow[]>();
  for (const h of history) byChild.set(h.childregId, [...(byChild.get(h.childregId) ?? []), h]);

  return rows.map(({ child, center, state, district, user }) => {
    const own = byChild.get(child.id) ?? [];
    const transfer = own.findLast((h) => h.history_status === 'transfer' && h.centerId === child.centerdetailId);
    return {
      ...child,
      created_at: iso(child.created_at),
      updated_at: iso(child.updated_at),
      center_data: center,
      state_data: state,
      district_data: district,
      user_data: user,
      child_center: transfer ? { transfer_date: transfer.transfer_date } : null,
      last_status: lastStatusOf(own),
    };
  });
}

/** One live child the user may reach, serialised; null when missing, deleted or out of scope. */
export async function childRecord(
  db: Db,
  id: number,
  user: Principal,
  withHistory: 'read' | 'none' = 'read',
): Promise<ListedRow | null> {
  const where = and(eq(children.id, id), liveChild, childScope(user));
  const [row] = await childRecords(db, where, [desc(children.id)], undefined, 0, withHistory);
  return row ?? null;
}
