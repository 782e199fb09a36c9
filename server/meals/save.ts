import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { canReachCenter, mealFormSchema, messages, type MealForm } from '../../sync/contract';
import { answerGuarded, type WriteVerdict } from '../admin/answers';
import type { AppEnv } from '../core/context';
import type { Db } from '../db/client';
import { meals } from '../db/schema';
import { guardedWrite } from '../delta/guarded-write';
import { readIfMatch } from '../delta/if-match';
import { nextUpdatedAt } from '../delta/timestamps';
import { fail, idParam, ok, readBody } from '../core/http';
import { checkSchema, invalid } from '../core/validation';
import { mealRecord, mealScope } from './records';

/*
 * addMeal / updateMeal / deleteMeal (part 2 sections 5, 7, 8): the contract's form schema
 * (messages in the spec's order), the center within the user's reach, and the R11
 * precondition on update and delete.
 */

export const mealMessages = { added: 'Meal added successfully', updated: 'Meal updated successfully' } as const;

const fieldsOf = (d: MealForm) => ({
  center_id: d.center_id,
  meal_date: d.meal_date,
  meal_type: d.meal_type,
  child_count: d.child_count,
});

const lockMeal = (tx: Db, id: number, c: Context<AppEnv>) =>
  tx
    .select()
    .from(meals)
    .where(and(eq(meals.id, id), isNull(meals.deleted_at), mealScope(c.get('user'))))
    .for('update')
    .then((rows) => rows[0]);

export async function addMeal(c: Context<AppEnv>) {
  const checked = checkSchema(mealFormSchema, await readBody(c));
  if (!checked.ok) return invalid(c, checked.issues);
  const user = c.get('user');
  if (!canReachCenter(user, checked.data.center_id)) return fail(c, 403, messages.forbidden);
  const { db } = c.get('deps');
  const [row] = await db.insert(meals).values(fieldsOf(checked.data)).returning({ id: meals.id });
  return ok(c, await mealRecord(db, row.id, user), { message: mealMessages.added });
}

export async function updateMeal(c: Context<AppEnv>) {
  const checked = checkSchema(mealFormSchema, await readBody(c));
  if (!checked.ok) return invalid(c, checked.issues);
  const id = checked.data.id;
  if (!id) return invalid(c, [{ path: 'id', message: 'The id field is required.' }]);
  const user = c.get('user');
  if (!canReachCenter(user, checked.data.center_id)) return fail(c, 403, messages.forbidden);
  const { db } = c.get('deps');
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) => lockMeal(tx, id, c),
    async (tx, row): Promise<WriteVerdict<null>> => {
      await tx
        .update(meals)
        .set({ ...fieldsOf(checked.data), updated_at: nextUpdatedAt(meals.updated_at) })
        .where(eq(meals.id, row.id));
      return { done: null };
    },
  );
  return answerGuarded(
    c,
    outcome,
    () => mealRecord(db, id, user),
    async () => ok(c, await mealRecord(db, id, user), { message: mealMessages.updated }),
  );
}

export async function deleteMeal(c: Context<AppEnv>) {
  // An id the table cannot hold (1e20) is as unknown as any other: 404, not a database error.
  const id = idParam(c.req.param('id'));
  if (id === null) return fail(c, 404, messages.notFound);
  const { db } = c.get('deps');
  const outcome = await guardedWrite(
    db,
    readIfMatch(c.req.header('if-match')),
    (tx) => lockMeal(tx, id, c),
    async (tx, row): Promise<WriteVerdict<null>> => {
      await tx
        .update(meals)
        .set({ deleted_at: nextUpdatedAt(meals.updated_at), updated_at: nextUpdatedAt(meals.updated_at) })
        .where(eq(meals.id, row.id));
      return { done: null };
    },
  );
  return answerGuarded(
    c,
    outcome,
    () => mealRecord(db, id, c.get('user')),
    () => c.json({ success: true, message: messages.deleted }),
  );
}
