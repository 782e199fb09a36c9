import { notifyReaders } from '../notifications/write';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import { can, isAllCenterUser, isFilled, messages } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { centers, children, childSerials } from '../db/schema';
import type { Db } from '../db/client';
import { readImage, removeUpload, storeUpload } from '../files/uploads';
import { fail, ok, readBody } from '../core/http';
import { serverMessages } from '../core/messages';
import { unflatten } from '../core/multipart';
import { removeFiles, storeFiles } from '../actions/files';
import { insertDocuments } from '../actions/record';
import { documentRowIssues, prepareDocumentFiles } from './documents';
import { checkSchema, invalid, tooLongIssues, type Issue } from '../core/validation';
import { childColumns } from './fields';
import { CHILD_IMAGE_PATH, childRecord } from './records';

/**
 * Where a new child is registered. A center-bound user registers at its own center only
 * (another center is 403); an all-center user picks one, its own (1) by default where
 * the form does not require one. Mutates `body`.
 */
export function settleCenter(c: Context<AppEnv>, body: Record<string, unknown>, required: boolean): Response | null {
  const user = c.get('user');
  const asked = body.centerdetailId;
  if (!isAllCenterUser(user)) {
    if (isFilled(asked) && Number(asked) !== user.centerId) return fail(c, 403, messages.forbidden);
    body.centerdetailId = String(user.centerId);
  } else if (!required && !isFilled(asked)) {
    body.centerdetailId = String(user.centerId);
  }
  return null;
}

/**
 * POST /child_add and /child_add_2: validate with the contract's schema (plus file bytes
 * and text lengths), store the image and the document rows' files, insert the child with
 * its per-center uniqueId and its documents in one transaction, and answer the child as
 * view returns it.
 */
export async function addChild(c: Context<AppEnv>, schema: z.ZodObject, centerRequired: boolean) {
  const user = c.get('user');
  if (!can(user, 'create', 'child_registration')) return fail(c, 403, messages.forbidden);
  const body = unflatten(await readBody(c));
  const refused = settleCenter(c, body, centerRequired);
  if (refused) return refused;
  // A new child cannot "keep" a file: a name here could point at another child's photo.
  if (typeof body.image === 'string') delete body.image;
  const { value: checkedImage, image, issue } = await readImage('image', body.image);
  if (checkedImage !== undefined) body.image = checkedImage;
  // Quick add has no documents; the wizard's rows (documents[i][field]) are checked by their files' bytes too.
  const withDocuments = 'documents' in schema.shape;
  if (!withDocuments) delete body.documents;
  const files = await prepareDocumentFiles(body);
  const schemaFields = Object.fromEntries(
    Object.keys(schema.shape)
      .filter((k) => k in body)
      .map((k) => [k, body[k]]),
  );
  const extra: Issue[] = [
    ...(issue ? [issue] : []),
    ...tooLongIssues(schemaFields),
    ...files.issues,
    ...documentRowIssues(body.documents),
  ];
  const checked = checkSchema(schema, body, extra);
  if (!checked.ok) return invalid(c, checked.issues);
  const data = checked.data as Record<string, unknown>;

  const { db, fileStore } = c.get('deps');
  const stored = image ? await storeUpload(fileStore, 'children', image) : null;
  const names = await storeFiles(fileStore, files);
  try {
    const id = await db.transaction(async (tx) => {
      const numbered = await numberChild(tx, Number(data.centerdetailId));
      if (!numbered) return null;
      const { center, serial } = numbered;
      const [row] = await tx
        .insert(children)
        .values({
          countryId: 101,
          ...childColumns(data),
          name: String(data.name),
          centerdetailId: center.id,
          image: stored,
          uniqueId: `${center.prefix}/${serial}`,
          created_by: user.id,
        })
        .returning({ id: children.id });
      await insertDocuments(
        tx,
        data.documents as Record<string, unknown>[] | undefined,
        { childregId: row.id },
        user,
        names,
      );
      await notifyReaders(tx, {
        childregId: row.id,
        centerId: center.id,
        authorId: user.id,
        comment: 'New child registered',
      });
      return row.id;
    });
    if (id === null) {
      await removeUpload(fileStore, 'children', stored);
      await removeFiles(fileStore, names);
      return invalid(c, [{ path: 'centerdetailId', message: serverMessages.invalidCenter }]);
    }
    const record = await childRecord(db, id, user);
    return ok(c, record, { message: serverMessages.childAdded, image_path: CHILD_IMAGE_PATH });
  } catch (error) {
    await removeUpload(fileStore, 'children', stored);
    await removeFiles(fileStore, names);
    throw error;
  }
}

/**
 * The center a child is registered at and its next case serial; null when the center is
 * missing or deleted. One statement where the center has a serial already (every
 * registration but its first): the serial row bumped, which also orders two registrations
 * at once, and the live center's prefix read with it. The first one locks the center row
 * (FOR NO KEY UPDATE) so two first registrations at once get different serials.
 */
async function numberChild(
  tx: Pick<Db, 'insert' | 'update' | 'select'>,
  centerId: number,
): Promise<{ center: { id: number; prefix: string | null }; serial: number } | null> {
  const [bumped] = await tx
    .update(childSerials)
    .set({ last_serial: sql`${childSerials.last_serial} + 1` })
    .from(centers)
    .where(
      and(eq(childSerials.center_id, centerId), eq(centers.id, childSerials.center_id), isNull(centers.deleted_at)),
    )
    .returning({ n: childSerials.last_serial, prefix: centers.prefix });
  if (bumped) return { center: { id: centerId, prefix: bumped.prefix }, serial: bumped.n };
  const [center] = await tx
    .select({ id: centers.id, prefix: centers.prefix })
    .from(centers)
    .where(and(eq(centers.id, centerId), isNull(centers.deleted_at)))
    // NO KEY UPDATE: it orders first registrations among themselves, and does not hold up the
    // foreign-key check (KEY SHARE) of a child another request inserts at this center after
    // bumping the serial row this one waits for next (FOR UPDATE deadlocked them, 40P01).
    .for('no key update');
  if (!center) return null;
  return { center, serial: await nextChildSerial(tx, center) };
}

/**
 * The next serial of a center's case ids. The caller holds the center row locked. The
 * first serial of a center continues after the highest id already given with its prefix
 * (seeded, or registered before serials were kept), wherever that child is now.
 */
async function nextChildSerial(
  tx: Pick<Db, 'insert' | 'update'>,
  center: { id: number; prefix: string | null },
): Promise<number> {
  const [bumped] = await tx
    .update(childSerials)
    .set({ last_serial: sql`${childSerials.last_serial} + 1` })
    .where(eq(childSerials.center_id, center.id))
    .returning({ n: childSerials.last_serial });
  if (bumped) return bumped.n;
  const [first] = await tx
    .insert(childSerials)
    .values({
      center_id: center.id,
      last_serial: sql`(select coalesce(max(substring(${children.uniqueId} from '/([0-9]{1,9})$')::int), 0) + 1 from ${children} where ${children.uniqueId} like ${`${center.prefix ?? ''}/%`})`,
    })
    .returning({ n: childSerials.last_serial });
  return first.n;
}
