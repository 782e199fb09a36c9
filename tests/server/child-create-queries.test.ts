import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createHarness, databaseKinds, json, type Harness } from './harness';
import { idempotencyKeys } from '../../server/db/schema';
import { multipart, validChild } from './uploads';

/*
 * The create path of a child (POST /child_add, the call a replay of queued registrations
 * makes one after another), counted in SQL statements: every statement the request runs,
 * from the bearer token's check and the Idempotency-Key (DESIGN.md, Replay; sync/SPEC.md
 * R7) to the answer's record. A change that adds one shows here.
 */
describe.each(databaseKinds)('the queries of one child create (%s)', (kind) => {
  let h: Harness;
  let token: string;
  let statements: string[] | null = null;

  beforeAll(async () => {
    h = await createHarness(
      kind,
      {},
      { logError: (e) => console.error(e), logger: { logQuery: (query) => statements?.push(query) } },
    );
    token = await h.login('admin@demo.test');
  });
  afterAll(() => h.close());

  /** 'insert children' for `insert into "children" (...)`. */
  const summary = (statement: string) => {
    const verb = statement.trim().split(/\s+/)[0].toLowerCase();
    // The statement's own table, not a subquery's: parenthesised parts are left out first.
    let outer = statement;
    while (/\([^()]*\)/.test(outer)) outer = outer.replace(/\([^()]*\)/g, '');
    const table = /(?:from|into|update)\s+"([a-z_]+)"/i.exec(outer)?.[1] ?? '?';
    return `${verb} ${table}`;
  };

  async function create(name: string, key: string) {
    statements = [];
    const response = await h.request('/api/child_add', {
      method: 'POST',
      token,
      headers: { 'Idempotency-Key': key },
      body: multipart({ ...validChild, name, centerdetailId: 2 }),
    });
    const counted = statements;
    statements = null;
    return { response, counted };
  }

  it('runs seven statements: the token with its user, the key, the serial, the child, its notifications, the answer', async () => {
    await create('Warm Up', 'warm-up'); // the first call of a center may start its serial
    const { response, counted } = await create('Counted Child', 'counted');
    expect(response.status).toBe(200);
    const body = await json<{ data: { id: number; name: string; uniqueId: string } }>(response);
    expect(body.data).toMatchObject({ name: 'Counted Child', centerdetailId: 2 });
    // The answer is the record as child_view reads it, history and all (one shape, R12).
    const view = await h.request(`/api/child_view/${body.data.id}`, { token });
    expect((await json<{ data: unknown }>(view)).data).toEqual(body.data);
    // Each statement by its verb and table; the transaction's BEGIN and COMMIT are not counted.
    expect(counted.map(summary)).toEqual([
      'select api_tokens', // the bearer token, its user and role in one query
      'insert idempotency_keys', // the key claimed (R7)
      'update child_serials', // the center's next case serial, the center checked live
      'insert children',
      'insert notifications', // one row per reader, chosen by the database
      'select children', // the answer: the record as child_view gives it (its history, none yet, in the same statement)
      'update idempotency_keys', // the answer stored under the key
    ]);
  });

  /** Backdates the stored row of `key`, as if it had been written `ms` ago. */
  async function backdate(key: string, ms: number, fields: { status?: number } = {}) {
    await h.db
      .update(idempotencyKeys)
      .set({ ...fields, created_at: sql`now() - make_interval(secs => ${ms / 1000})` })
      .where(eq(idempotencyKeys.key, key));
  }

  it('R7: a placeholder its process left (status 0, over a minute old) does not hold the key: the request runs', async () => {
    const { response: first } = await create('Abandoned Once', 'abandoned');
    expect(first.status).toBe(200);
    // As if that process had died before storing the answer, a minute and more ago.
    await backdate('abandoned', 2 * 60_000, { status: 0 });
    const { response, counted } = await create('Abandoned Twice', 'abandoned');
    expect(response.status).toBe(200);
    expect(counted.map(summary)).toContain('delete idempotency_keys');
    const rows = await h.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'abandoned'));
    expect(rows).toMatchObject([{ status: 200 }]);
  });

  it('R7: a key stored over a day ago is not answered again, even before its purge: the request runs', async () => {
    const { response: first } = await create('Expired Once', 'expired');
    expect(first.status).toBe(200);
    await backdate('expired', 25 * 60 * 60_000);
    const { response } = await create('Expired Again', 'expired');
    expect(response.status).toBe(200);
    expect(response.headers.get('Idempotent-Replayed')).toBeNull();
    expect((await json<{ data: { name: string } }>(response)).data.name).toBe('Expired Again');
    // A repeat within the day is answered from the key, without running again.
    const { response: repeat, counted } = await create('Expired Again', 'expired');
    expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
    expect(counted.map(summary)).not.toContain('insert children');
    const rows = await h.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'expired'));
    expect(rows).toHaveLength(1);
  });
});
