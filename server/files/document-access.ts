import { and, eq, isNull, or } from 'drizzle-orm';
import { can, canReachCenter, type Principal } from '../../sync/contract';
import type { Db } from '../db/client';
import { childDocuments, children, cwcProduce, cwcRefer } from '../db/schema';

/*
 * Who may fetch a stored file. A document file (its image or its audio) goes only to a
 * signed-in user who may see the record it belongs to: a child's document needs
 * child_registration view and the child's center (live child, live document); a CWC
 * record's document without a child needs cwc view and the record's center. A child's
 * photo needs child_registration view and the child's center. Every other case is "no
 * such file" (404 for the caller), so a file name reveals nothing.
 */

/** Whether `user` may fetch the stored document file `name` (a filename or an audio name). */
export async function mayReadDocumentFile(db: Db, user: Principal, name: string): Promise<boolean> {
  const rows = await db
    .select({
      childId: childDocuments.childregId,
      childCenter: children.centerdetailId,
      childDeleted: children.deleted_at,
      produceCenter: cwcProduce.centerId,
      produceDeleted: cwcProduce.deleted_at,
      referCenter: cwcRefer.centerId,
      referDeleted: cwcRefer.deleted_at,
    })
    .from(childDocuments)
    .leftJoin(children, eq(children.id, childDocuments.childregId))
    .leftJoin(cwcProduce, eq(cwcProduce.id, childDocuments.cwcProduceId))
    .leftJoin(cwcRefer, eq(cwcRefer.id, childDocuments.cwcReferId))
    .where(
      and(
        or(eq(childDocuments.filename, name), eq(childDocuments.profile_audio_name, name)),
        isNull(childDocuments.deleted_at),
      ),
    )
    .limit(5);
  return rows.some((r) => {
    if (r.childId !== null) {
      return (
        r.childCenter !== null &&
        r.childDeleted === null &&
        can(user, 'view', 'child_registration') &&
        canReachCenter(user, r.childCenter)
      );
    }
    const center = r.produceCenter ?? r.referCenter;
    const deleted = r.produceCenter !== null ? r.produceDeleted : r.referDeleted;
    return center !== null && deleted === null && can(user, 'view', 'cwc') && canReachCenter(user, center);
  });
}

/** Whether `user` may fetch the child photo `name`. */
export async function mayReadChildImage(db: Db, user: Principal, name: string): Promise<boolean> {
  if (!can(user, 'view', 'child_registration')) return false;
  const [owner] = await db
    .select({ center: children.centerdetailId })
    .from(children)
    .where(and(eq(children.image, name), isNull(children.deleted_at)))
    .limit(1);
  return owner !== undefined && canReachCenter(user, owner.center);
}
