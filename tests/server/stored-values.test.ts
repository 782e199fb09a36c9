import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHILDREN_AT_A_CENTER, textLimits, wireEndpoints, type WireEndpointName } from '../../sync/contract';
import { entities } from '../../sync/entities/registry';
import type { AppEnv } from '../../server/core/context';
import { errorHandler } from '../../server/core/errors';
import { meals, previousBalances, users } from '../../server/db/schema';
import { createHarness, databaseKinds, json, type Harness } from './harness';

/*
 * One value, sent or already stored, never takes a list or a total down for everyone:
 * counts are bounded to what a center holds and summed as bigint (so a row stored before
 * the bound still adds up), the delta lists' updated_since is checked for the range a
 * timestamp holds (sync/SPEC.md R15), and the part 2 forms' texts are as long as their
 * part 1 siblings may be.
 */

type Envelope<T = unknown> = { success: boolean; data: T; message?: string; errors?: Record<string, string[]> };
const INT_MAX = 2_147_483_647;
const today = new Date().toISOString().slice(0, 10);

/** The list rows the device pulls by delta (sync/SPEC.md R15), from the entity registry. */
const deltaLists = [...new Set(Object.values(entities).map((d) => d.list.endpoint as WireEndpointName))];

describe.each(databaseKinds)('stored values and bounds (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let staffCenter: number;

  beforeAll(async () => {
    h = await createHarness(kind);
    [admin, staff] = await Promise.all([h.login('admin@demo.test'), h.login('staff@demo.test')]);
    staffCenter = (await h.db.select().from(users).where(eq(users.email, 'staff@demo.test')))[0]!.centerId;
  });
  afterAll(() => h?.close());

  const send = async <T = unknown>(method: string, path: string, token: string, body?: unknown) => {
    const response = await h.request(`/api${path}`, { method, token, ...(body === undefined ? {} : { json: body }) });
    return { status: response.status, body: await json<Envelope<T>>(response) };
  };

  it('a meal stored with child_count 2147483647 (before the bound) still adds up on /dashboard, for its center and for all centers', async () => {
    const [{ before }] = await h.db
      .select({ before: sql<string>`coalesce(sum(${meals.child_count}), 0)::text` })
      .from(meals)
      .where(sql`${meals.deleted_at} is null`);
    await h.db.insert(meals).values([
      { center_id: staffCenter, meal_date: today, meal_type: 1, child_count: INT_MAX },
      { center_id: staffCenter, meal_date: today, meal_type: 2, child_count: INT_MAX },
    ]);
    const all = await send<Record<string, number>>('GET', '/dashboard', admin);
    expect(all.status).toBe(200);
    expect(all.body.data.meals_distributed).toBe(Number(before) + 2 * INT_MAX);
    const own = await send<Record<string, number>>('GET', '/dashboard', staff);
    expect(own.status).toBe(200);
    expect(own.body.data.meals_distributed).toBeGreaterThanOrEqual(2 * INT_MAX);
  });

  it('a previous balance stored with male 2147483647 (before the bound) still adds up on /reports and /group_report2', async () => {
    const values = { centerId: staffCenter, activity_date: today, comment: 'carried over', female: 0 };
    await h.db.insert(previousBalances).values([
      { ...values, male: INT_MAX },
      { ...values, male: INT_MAX },
    ]);
    const report = await send<{ previousyeardata: { male: number } }>('POST', '/reports', admin, {});
    expect(report.status).toBe(200);
    expect(report.body.data.previousyeardata.male).toBeGreaterThanOrEqual(2 * INT_MAX);
    for (const token of [admin, staff]) {
      const group = await send<{ previous_balance: { centerId: number | string; total: number }[] }>(
        'POST',
        '/group_report2',
        token,
        {},
      );
      expect(group.status).toBe(200);
      const cell = group.body.data.previous_balance.find((c) => c.centerId === staffCenter);
      expect(cell?.total).toBeGreaterThanOrEqual(2 * INT_MAX);
    }
    const list = await send<{ male: number; total_balance: number }[]>('POST', '/previous_balance', admin, {});
    expect(list.status).toBe(200);
  });

  it('counts are bounded to what a center holds, in words a person uses', async () => {
    const meal = { center_id: staffCenter, meal_date: today, meal_type: 3 };
    const tooMany = await send('POST', '/meal_add', admin, { ...meal, child_count: MAX_CHILDREN_AT_A_CENTER + 1 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe(
      `Children Count can be at most ${MAX_CHILDREN_AT_A_CENTER}, more children than a center holds.`,
    );
    expect(tooMany.body.errors).toHaveProperty('child_count');
    expect((await send('POST', '/meal_add', admin, { ...meal, child_count: INT_MAX })).status).toBe(422);
    expect((await send('POST', '/meal_add', admin, { ...meal, child_count: MAX_CHILDREN_AT_A_CENTER })).status).toBe(
      200,
    );

    const balance = { centerId: staffCenter, activity_date: today, comment: 'carried over' };
    for (const [field, label] of [
      ['male', 'Male'],
      ['female', 'Female'],
    ] as const) {
      const refused = await send('POST', '/previous_balance_add', admin, {
        ...balance,
        [field]: MAX_CHILDREN_AT_A_CENTER + 1,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(
        `${label} can be at most ${MAX_CHILDREN_AT_A_CENTER}, more children than a center holds.`,
      );
    }
    const fits = await send('POST', '/previous_balance_add', admin, { ...balance, male: 12, female: 9 });
    expect(fits.status).toBe(200);
  });

  it.each(deltaLists)('%s: an updated_since outside the years 1 to 9999 is a 422, never a 500 (R15)', async (name) => {
    const row = wireEndpoints[name];
    const me = await send<{ centerId: number }>('GET', '/me', admin);
    const path = row.path.replace(/:[A-Za-z_]+/g, String(me.body.data.centerId));
    const body = row.method === 'GET' ? undefined : {};
    for (const since of ['275760-09-13', '10000-01-01', '-000001-01-01T00:00:00.000Z', '0000-12-31']) {
      const answer = await send(row.method, `${path}?updated_since=${encodeURIComponent(since)}`, admin, body);
      expect(answer.status, `${name} ${since}`).toBe(422);
      expect(answer.body.errors).toHaveProperty('updated_since');
      expect(answer.body.message).toBe('The updated since must be a date between the years 1 and 9999.');
    }
    const edge = await send(row.method, `${path}?updated_since=9999-12-31T23:59:59.999Z`, admin, body);
    expect(edge.status, `${name} at the end of year 9999`).toBe(200);
  });

  it('a data exception of the database (SQLSTATE class 22) is the input’s fault: 422, not 500', async () => {
    const thrown = await h.db
      .execute(sql`select ${'+275760-09-13T00:00:00.000Z'}::timestamptz`)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(thrown).not.toBeNull();
    const logged: unknown[] = [];
    const app = new Hono<AppEnv>()
      .get('/api/probe', () => {
        throw thrown;
      })
      .onError(errorHandler((entry) => logged.push(entry)));
    const answer = await app.request('/api/probe');
    expect(answer.status).toBe(422);
    expect(logged).toEqual([expect.objectContaining({ status: 422, code: expect.stringMatching(/^22/) })]);
  });

  it('a beneficiary’s age and comment are as long as a child’s may be, no longer', async () => {
    const beneficiary = { name: 'Asha', centerId: staffCenter, service: 'medical', service_date: today };
    const megabyte = 'x'.repeat(1024 * 1024);
    const longComment = await send('POST', '/beneficiary_add', admin, { ...beneficiary, comment: megabyte });
    expect(longComment.status).toBe(422);
    expect(longComment.body.message).toBe(`The comment field must not be greater than ${textLimits.long} characters.`);
    const longAge = await send('POST', '/beneficiary_add', admin, { ...beneficiary, age: '1'.repeat(1024 * 1024) });
    expect(longAge.status).toBe(422);
    expect(longAge.body.message).toBe(`The age field must not be greater than ${textLimits.short} characters.`);
    const wordyAge = await send('POST', '/beneficiary_add', admin, { ...beneficiary, age: 'about ten' });
    expect(wordyAge.status).toBe(422);
    expect(wordyAge.body.message).toBe('Age must be a number');
    const fits = await send('POST', '/beneficiary_add', admin, {
      ...beneficiary,
      age: '10.5',
      comment: 'y'.repeat(textLimits.long),
    });
    expect(fits.status).toBe(200);
  });
});
