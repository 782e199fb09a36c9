import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { beneficiaryFormSchema, canReachCenter, messages } from '../../sync/contract';
import { answerGuarded, type WriteVerdict } from '../admin/answers';
import type { AppEnv } from '../core/context';
import { beneficiaries } from '../db/schema';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { fail, idParam, ok, readBody } from '../core/http';
import { checkSchema, invalid, tooLongIssues } from '../core/validation';
import { deleteDocumentsOf } from './documents';
import { beneficiaryRecord, lockBeneficiary } from './records';

const fieldsOf = (d: {
  name: string;
  gender?: string | null;
  age?: string | null;
  centerId: number;
  service: string;
  service_date: string;
  comment?: string | null;
}) => ({
  name: d.name,
  gender: d.gender ?? null,
  age: d.age ?? null,
  centerId: d.centerId,
  service: d.service,
  service_date: d.service_date,
  comment: d.comment ?? null,
});

/** POST /beneficiary_add: a person served without a registration, at a center the user may reach. */
export async function addBeneficiary(c: Context<AppEnv>) {
  const user = c.get('user');
  const body = await readBody(c);
  const checked = checkSchema(beneficiaryFormSchema, body, tooLongIssues({ name: body.name }));
  if (!checked.ok) return invalid(c, checked.issues);
  if (!canReachCenter(user, checked.data.centerId)) return fail(c, 403, messages.forbidden);
  const { db } = c.get('deps');
  const [row] = await db
    .insert(beneficiaries)
    .values({ ...fieldsOf(checked.data), created_by: user.id })
    .returning({ id: beneficiaries.id });
  return ok(c, await beneficiaryRecord(db, row.id, user), { message: messages.beneficiaryAdded });
}

/** POST /beneficiary_update: under If-Match (sync/SPEC.md R11). */
export async function updateBeneficiary(c: Context<AppEnv>) {
  const user = c.get('user');
  const body = await readBody(c);
  const checked = checkSchema(beneficiaryFormSchema, body, tooLongIssues({ name: body.name }));
  if (!checked.ok) return invalid(c, checked.issues);
  const id = checked.data.id;
  if (!id) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
  if (!canReachCenter(user, checked.data.centerId)) return fail(c, 403, messages.forbidden);
  const { db } = c.get('deps');
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) => lockBeneficiary(tx, id, user),
    async (tx, row): Promise<WriteVerdict<null>> => {
      await tx
        .update(beneficiaries)
        .set({ ...fieldsOf(checked.data), updated_at: nextUpdatedAt(beneficiaries.updated_at) })
        .where(eq(beneficiaries.id, row.id));
      return { done: null };
    },
  );
  return answerGuarded(
    c,
    outcome,
    () => beneficiaryRecord(db, id, user),
    async () => ok(c, await beneficiaryRecord(db, id, user), { message: messages.beneficiaryUpdated }),
  );
}

/** DELETE /beneficiary_delete/{id}: a soft delete, with its documents, that the device's pull hears of. */
export async function deleteBeneficiary(c: Context<AppEnv>) {
  const user = c.get('user');
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) => lockBeneficiary(tx, id, user),
    async (tx, row): Promise<WriteVerdict<null>> => {
      await tx
        .update(beneficiaries)
        .set({
          deleted_at: nextUpdatedAt(beneficiaries.updated_at),
          updated_at: nextUpdatedAt(beneficiaries.updated_at),
        })
        .where(eq(beneficiaries.id, row.id));
      await deleteDocumentsOf(tx, row.id);
      return { done: null };
    },
  );
  return answerGuarded(
    c,
    outcome,
    () => beneficiaryRecord(db, id, user),
    () => c.json({ success: true, message: messages.beneficiaryDeleted }),
  );
}
