import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { canReachCenter, messages, previousBalanceFormSchema, type PreviousBalanceForm } from '../../sync/contract';
import { answerGuarded, type WriteVerdict } from '../admin/answers';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { previousBalances } from '../db/schema';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { fail, ok, readBody } from '../core/http';
import { checkSchema, invalid, tooLongIssues } from '../core/validation';
import { balanceRecord, balanceScope } from './records';

/** addPreviousBalance / updatePreviousBalance (part 2 sections 3, 5, 7); total_balance is male + female. */
export const balanceMessages = {
  added: 'Previous balance added successfully',
  updated: 'Previous balance updated successfully',
} as const;

const fieldsOf = (d: PreviousBalanceForm) => ({
  centerId: d.centerId,
  activity_date: d.activity_date,
  comment: d.comment,
  male: d.male,
  female: d.female,
});

async function checked(c: Context<AppEnv>) {
  const body = await readBody(c);
  return checkSchema(previousBalanceFormSchema, body, tooLongIssues({ comment: body.comment }));
}

export async function addPreviousBalance(c: Context<AppEnv>) {
  const input = await checked(c);
  if (!input.ok) return invalid(c, input.issues);
  const user = c.get('user');
  if (!canReachCenter(user, input.data.centerId)) return fail(c, 403, messages.forbidden);
  const { db } = c.get('deps');
  const [row] = await db
    .insert(previousBalances)
    .values({ ...fieldsOf(input.data), created_by: user.id })
    .returning({ id: previousBalances.id });
  return ok(c, await balanceRecord(db, row.id, user), { message: balanceMessages.added });
}

const lockBalance = (tx: Db, id: number, c: Context<AppEnv>) =>
  tx
    .select()
    .from(previousBalances)
    .where(and(eq(previousBalances.id, id), isNull(previousBalances.deleted_at), balanceScope(c.get('user'))))
    .for('update')
    .then((rows) => rows[0]);

export async function updatePreviousBalance(c: Context<AppEnv>) {
  const input = await checked(c);
  if (!input.ok) return invalid(c, input.issues);
  const id = input.data.id;
  if (!id) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
  const user = c.get('user');
  if (!canReachCenter(user, input.data.centerId)) return fail(c, 403, messages.forbidden);
  const { db } = c.get('deps');
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) => lockBalance(tx, id, c),
    async (tx, row): Promise<WriteVerdict<null>> => {
      await tx
        .update(previousBalances)
        .set({ ...fieldsOf(input.data), updated_at: nextUpdatedAt(previousBalances.updated_at) })
        .where(eq(previousBalances.id, row.id));
      return { done: null };
    },
  );
  return answerGuarded(
    c,
    outcome,
    () => balanceRecord(db, id, user),
    async () => ok(c, await balanceRecord(db, id, user), { message: balanceMessages.updated }),
  );
}
