import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import {
  can,
  educationFormSchema,
  escortExitFormSchema,
  medicalFormSchema,
  messages,
  mhpFormSchema,
  restorationFollowUpFormSchema,
  restoreFormSchema,
  spsActionFormSchema,
  transferFormSchema,
} from '../../sync/contract';
import type { AppEnv, AuthUser } from '../core/context';
import type { Db } from '../db/client';
import { centers, children } from '../db/schema';
import { lockChildOf } from '../history/locks';
import { historyRecord } from '../history/records';
import { fail, ok, readBody } from '../core/http';
import { serverMessages } from '../core/messages';
import { unflatten } from '../core/multipart';
import { nextUpdatedAt } from '../delta/timestamps';
import { checkSchema, invalid, tooLongIssues, type Issue } from '../core/validation';
import { prepareFiles, removeFiles, storeFiles } from './files';
import { insertDocuments, recordAction } from './record';

/*
 * The multipart action saves of the profile (spec part 1 sections 3, 5 and 7): each is
 * checked with its contract schema, then writes its history entry, documents, activity
 * line and the child's new updated_at in one transaction. Another center's child (or a
 * deleted one) is 404, as for the child calls.
 */

type Data = Record<string, unknown>;
type Child = { id: number; centerdetailId: number };
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export type ActionDef = {
  title: string;
  schema: z.ZodObject;
  /** The entry's columns; history_status is what Present Status shows. */
  entry: (d: Data, child: Child) => Parameters<typeof recordAction>[3];
  /** Extra checks and writes in the transaction; an issue refuses the save. */
  within?: (tx: Db, d: Data, child: Child, user: AuthUser) => Promise<Issue | null>;
};

const common = (d: Data) => ({ transfer_date: str(d.transfer_date), comment: str(d.comment) });
const restoreEntry = (status: string) => (d: Data) => ({
  ...common(d),
  history_status: status,
  centerId: Number(d.centerId),
  restoration_method: str(d.restoration_method),
  restore_to: str(d.restore_to),
  restore_to_address: str(d.restore_to_address),
});

/** Whether a center exists and is not deleted (a form may name neither). */
export const liveCenter = async (tx: Db, id: number) =>
  (
    await tx
      .select({ id: centers.id })
      .from(centers)
      .where(and(eq(centers.id, id), isNull(centers.deleted_at)))
  ).length > 0;

/** Moves the child to `centerId` (transfer and centers change). */
export async function moveChild(tx: Db, childId: number, centerId: number): Promise<Issue | null> {
  if (!(await liveCenter(tx, centerId))) return { path: 'centerId', message: serverMessages.invalidCenter };
  await tx
    .update(children)
    .set({ centerdetailId: centerId, updated_at: nextUpdatedAt(children.updated_at) })
    .where(eq(children.id, childId));
  return null;
}

export const actionDefs = {
  restoration: { title: 'Restore', schema: restoreFormSchema, entry: restoreEntry('restoration') },
  restoration_follow_up: {
    title: 'Restoration Follow-Up',
    schema: restorationFollowUpFormSchema,
    entry: restoreEntry('restoration_follow_up'),
  },
  medical_consent: {
    title: 'Medical',
    schema: medicalFormSchema,
    entry: (d) => ({ ...common(d), history_status: 'medical_issue', medical_issues: str(d.medical_issues) }),
  },
  education: {
    title: 'Education',
    schema: educationFormSchema,
    entry: (d) => ({
      ...common(d),
      history_status: d.education_type === 'higher_education' ? 'higher_education' : 'education',
      education_type: str(d.education_type),
      education_level: str(d.education_level),
    }),
  },
  mhp: {
    title: 'MHP',
    schema: mhpFormSchema,
    entry: (d) => ({
      ...common(d),
      history_status: 'mhp',
      mhp: str(d.mhp),
      other: str(d.other),
      session_number: str(d.session_number),
    }),
  },
  save_transfer: {
    title: 'Transfer',
    schema: transferFormSchema,
    // The entry is at the center the child moves to (child_center.transfer_date reads it).
    entry: (d) => ({ ...common(d), history_status: 'transfer', centerId: Number(d.centerId) }),
    within: (tx, d, child) => moveChild(tx, child.id, Number(d.centerId)),
  },
  save_excort_exit: {
    title: 'Escort/Exit',
    schema: escortExitFormSchema,
    // The method is the status (by_police … transfer_to_home_state_CWC); to/address as for a restore.
    entry: (d) => ({
      ...common(d),
      history_status: String(d.escort_exit_method),
      exit_type: str(d.exit_type),
      restore_to: str(d.escort_exit_to),
      restore_to_address: str(d.escort_exit_address),
    }),
  },
  social_protection_scheme: {
    title: 'Social Protection Scheme',
    schema: spsActionFormSchema,
    entry: (d) => ({
      ...common(d),
      history_status: 'social_protection_scheme',
      centerId: Number(d.centerId),
      social_protection_scheme: str(d.social_protection_scheme),
    }),
  },
} satisfies Record<string, ActionDef>;

/** Text fields of a body the schema knows, for the length check. */
export const knownTexts = (schema: z.ZodObject, body: Data) =>
  Object.fromEntries(
    Object.keys(schema.shape)
      .filter((k) => k in body && k !== 'documents')
      .map((k) => [k, body[k]]),
  );

/** POST /{action}: the handler of one action definition. */
export const saveAction = (def: ActionDef) => async (c: Context<AppEnv>) => {
  const user = c.get('user');
  if (!can(user, 'create', 'child_tracking')) return fail(c, 403, messages.forbidden);
  const body = unflatten(await readBody(c));
  const files = await prepareFiles(body);
  const checked = checkSchema(def.schema, body, [...files.issues, ...tooLongIssues(knownTexts(def.schema, body))]);
  if (!checked.ok) return invalid(c, checked.issues);
  const data = checked.data as Data;
  const { db, fileStore } = c.get('deps');
  const names = await storeFiles(fileStore, files);
  let refused: Issue | null = null;
  try {
    const outcome = await db
      .transaction(async (tx) => {
        const child = await lockChildOf(tx, Number(data.childregId), user);
        if (!child) return { missing: true as const };
        refused = def.within ? await def.within(tx, data, child, user) : null;
        if (refused) tx.rollback();
        const id = await recordAction(tx, child, user, def.entry(data, child), `${def.title} added`);
        await insertDocuments(
          tx,
          data.documents as Data[] | undefined,
          { childregId: child.id, historyId: id },
          user,
          names,
        );
        if (names.has('filename'))
          await insertDocuments(
            tx,
            [{}],
            { childregId: child.id, historyId: id },
            user,
            new Map([['file.0.filename', names.get('filename')!]]),
            'file',
          );
        return { id };
      })
      .catch((error: unknown) => {
        if (refused) return { issue: true as const };
        throw error;
      });
    if ('missing' in outcome || 'issue' in outcome) {
      await removeFiles(fileStore, names);
      if ('missing' in outcome) return fail(c, 404, messages.notFound);
      return invalid(c, refused ? [refused] : []);
    }
    return ok(c, await historyRecord(db, outcome.id, user), { message: `${def.title} added successfully` });
  } catch (error) {
    await removeFiles(fileStore, names);
    throw error;
  }
};
