import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../server/db/client';
import { preparedRows } from '../../server/db/prepared';
import { createHarness, databaseKinds, type Harness } from './harness';

/*
 * The statements kept prepared by name (the token's user, a page of children) answer what a
 * fresh query of the same text answers, on both drivers: the same rows and types, the same
 * isolation from a transaction still open, and a failure that leaves the name usable.
 */
describe.each(databaseKinds)('prepared statements (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const centerById = (id: number) =>
    sql`select id, name, status, permissions_probe.p as permissions, created_at, null::text as nothing
      from centers, (select '{"a":[1,2]}'::jsonb as p) as permissions_probe where id = ${id}`;

  it('reads the same rows as a fresh query, with the same types, for each value given', async () => {
    for (const id of [1, 2, 1]) {
      const fresh = await selectRows<Record<string, unknown>>(h.db, centerById(id));
      const prepared = await preparedRows<Record<string, unknown>>(h.db, 'test_center', centerById(id));
      expect(prepared).toEqual(fresh);
      expect(prepared[0]).toMatchObject({ id, permissions: { a: [1, 2] }, nothing: null });
      expect(typeof prepared[0].created_at).toBe('string');
    }
    expect(await preparedRows(h.db, 'test_center', centerById(999_999))).toEqual([]);
  });

  it('refuses a second text under a name already given', async () => {
    await preparedRows(h.db, 'test_one_text', sql`select ${1}::int as n`);
    await expect(preparedRows(h.db, 'test_one_text', sql`select ${1}::int + 1 as n`)).rejects.toThrow(/another text/);
  });

  it('fails like a query on a bad value, and the name works again after', async () => {
    const asNumber = (value: string) => sql`select ${value}::int as n`;
    await expect(preparedRows(h.db, 'test_cast', asNumber('seven'))).rejects.toThrow(/invalid input syntax/);
    expect(await preparedRows(h.db, 'test_cast', asNumber('7'))).toEqual([{ n: 7 }]);
    await expect(preparedRows(h.db, 'test_cast', asNumber('x'))).rejects.toThrow(/invalid input syntax/);
    expect(await preparedRows(h.db, 'test_cast', asNumber('8'))).toEqual([{ n: 8 }]);
  });

  it('never reads inside a transaction left open elsewhere, and reads its own inside one', async () => {
    const name = `Probe center ${kind}`;
    const count = () => sql`select count(*)::int as n from centers where name = ${name}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const open = h.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into centers (centertype_id, name, prefix) select centertype_id, ${name}, 'PRB' from centers limit 1`,
        );
        // Inside the transaction the statement is a plain one of it: it sees its own insert.
        expect(await preparedRows(tx as never, 'test_count', count())).toEqual([{ n: 1 }]);
        inserted();
        await held;
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    await insertedYet;
    const outside = preparedRows<{ n: number }>(h.db, 'test_count', count());
    release();
    expect(await open).toBe('rolled back');
    // Run in the open transaction's session, PGlite would have counted the insert it then undid.
    expect(await outside).toEqual([{ n: 0 }]);
  });
});
