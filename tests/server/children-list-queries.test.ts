import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../server/db/client';
import { childHistory } from '../../server/db/schema';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type ListBody = {
  data: Array<{ id: number; last_status: { history_status: string | null } }>;
  pagination: { total: number };
};

/*
 * The child list at head office's size (spec part 1 section 3): a page costs the same
 * queries whatever its size, and the Present Status filter, read from the status kept by
 * migration 0013, follows each child's newest live entry.
 */
describe.each(databaseKinds)('child list queries (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  /** The statements the app sends while a count runs (Drizzle's and the prepared ones alike). */
  let statements: string[] | null = null;
  beforeAll(async () => {
    h = await createHarness(kind, {}, { logger: { logQuery: (query) => statements?.push(query) } });
    admin = await h.login('admin@demo.test');
  });
  afterAll(() => h.close());

  const list = async (body: Record<string, unknown>, perPage = 1000) => {
    const response = await h.request(`/api/child-registrations?page=1&per_page=${perPage}`, {
      method: 'POST',
      token: admin,
      json: body,
    });
    expect(response.status).toBe(200);
    return json<ListBody>(response);
  };

  /** The statements the database is sent while `run` runs. */
  async function countQueries(run: () => Promise<unknown>): Promise<number> {
    statements = [];
    try {
      await run();
      return statements.length;
    } finally {
      statements = null;
    }
  }

  it('a page of 5, 50 or 500 children costs the same few queries (no query per child)', async () => {
    await list({}); // the token's last use is written at most once a minute: not in the count
    const counts: number[] = [];
    for (const perPage of [5, 50, 500]) {
      counts.push(await countQueries(() => list({}, perPage)));
      counts.push(await countQueries(() => list({ history_status: 'education' }, perPage)));
    }
    // The token with its user; the page's ids with the total; those children with their relations and history.
    expect(counts).toEqual(counts.map(() => 3));
    expect((await list({}, 500)).data.length).toBeGreaterThan(50);
  });

  it('a page past the last answers the last page, as paginate says; nothing matching answers an empty page', async () => {
    const post = async (query: string, body: Record<string, unknown>) =>
      json<ListBody & { pagination: { current_page: number; last_page: number; from: number | null } }>(
        await h.request(`/api/child-registrations?${query}`, { method: 'POST', token: admin, json: body }),
      );
    const { total } = (await list({})).pagination;
    const lastPage = Math.ceil(total / 10);
    const last = await post(`page=${lastPage}&per_page=10`, {});
    const past = await post(`page=${lastPage + 50}&per_page=10`, {});
    expect(past).toEqual(last);
    expect(past.pagination).toMatchObject({ current_page: lastPage, last_page: lastPage, total });
    expect(past.data.length).toBe(total - (lastPage - 1) * 10);
    for (const page of [1, 3]) {
      const none = await post(`page=${page}&per_page=10`, { name: 'nobody is called this' });
      expect(none.data).toEqual([]);
      expect(none.pagination).toMatchObject({ current_page: 1, last_page: 1, total: 0, from: null });
    }
  });

  it('the Present Status filter lists exactly the children whose last_status says so', async () => {
    const all = (await list({})).data;
    const statuses = [...new Set(all.map((c) => c.last_status.history_status).filter((s) => s !== null))];
    expect(statuses.length).toBeGreaterThan(2);
    for (const status of statuses) {
      const filtered = await list({ history_status: status });
      const expected = all.filter((c) => c.last_status.history_status === status).map((c) => c.id);
      expect(filtered.data.map((c) => c.id).sort()).toEqual(expected.sort());
      expect(filtered.pagination.total).toBe(expected.length);
    }
  });

  it('a new entry, a deleted one and a moved one change the child it belongs to', async () => {
    // Two children with a Present Status other than MHP (a child with no live entry has none, and
    // the list's status filter cannot name it): which children the seed gives one depends on the day.
    const [first, second] = (await list({})).data.filter(
      (c) => c.last_status.history_status && c.last_status.history_status !== 'mhp',
    );
    const ids = async (status: string) => (await list({ history_status: status })).data.map((c) => c.id);
    const entry = async (child: number, status: string) => {
      const [row] = await h.db
        .insert(childHistory)
        .values({ childregId: child, centerId: 2, history_status: status, comment: 'kept status test' })
        .returning({ id: childHistory.id });
      return row.id;
    };

    const newest = await entry(first.id, 'mhp');
    expect(await ids('mhp')).toContain(first.id);
    expect(await ids(first.last_status.history_status!)).not.toContain(first.id);

    // Two entries in one statement: the later id is the newer (same created_at).
    await h.db.insert(childHistory).values([
      { childregId: second.id, centerId: 2, history_status: 'mhp', comment: 'kept status test' },
      { childregId: second.id, centerId: 2, history_status: 'education', comment: 'kept status test' },
    ]);
    expect(await ids('education')).toContain(second.id);
    expect(await ids('mhp')).not.toContain(second.id);

    // Deleted (soft, as the app deletes): the entry before it is the Present Status again.
    await h.db.update(childHistory).set({ deleted_at: new Date() }).where(eq(childHistory.id, newest));
    expect(await ids('mhp')).not.toContain(first.id);
    expect(await ids(first.last_status.history_status!)).toContain(first.id);

    // An entry moved to another child leaves the first and becomes the second's newest.
    const moved = await entry(first.id, 'mhp');
    await h.db.update(childHistory).set({ childregId: second.id }).where(eq(childHistory.id, moved));
    expect(await ids('mhp')).toContain(second.id);
    expect(await ids('mhp')).not.toContain(first.id);

    // A child with no live entry has no Present Status.
    await h.db
      .update(childHistory)
      .set({ deleted_at: new Date() })
      .where(inArray(childHistory.childregId, [first.id]));
    const [kept] = await selectRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from child_present_status where childreg_id = ${first.id}`,
    );
    expect(kept.n).toBe(0);
  });
  // Two connections at once: PostgreSQL only (PGlite has one, so its transactions never overlap).
  if (kind === 'postgres')
    it('two transactions writing entries of one child at once: the newer entry is Present Status, whichever commits last', async () => {
      const [child] = (await list({})).data.slice(-1);
      const signal = () => {
        let done!: () => void;
        return { wait: new Promise<void>((resolve) => (done = resolve)), done: () => done() };
      };
      const bStarted = signal();
      const aInserted = signal();
      // B starts first (its entry's created_at, the transaction's start, is older), A writes the
      // newer entry and commits only after B has written and refreshed: B's refresh must wait
      // for A and see A's entry, or it would leave B's older status.
      const b = h.db.transaction(async (tx) => {
        await tx.execute(sql`select now()`);
        bStarted.done();
        await aInserted.wait;
        await tx
          .insert(childHistory)
          .values({ childregId: child.id, centerId: 2, history_status: 'education', comment: 'B' });
      });
      await bStarted.wait;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const a = h.db.transaction(async (tx) => {
        await tx
          .insert(childHistory)
          .values({ childregId: child.id, centerId: 2, history_status: 'mhp', comment: 'A' });
        aInserted.done();
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await Promise.all([a, b]);
      const [rule] = await selectRows<{ status: string }>(
        h.db,
        sql`select history_status as status from child_history where childreg_id = ${child.id} and deleted_at is null
          order by created_at desc, id desc limit 1`,
      );
      expect(rule.status).toBe('mhp');
      const [kept] = await selectRows<{ status: string }>(
        h.db,
        sql`select history_status as status from child_present_status where childreg_id = ${child.id}`,
      );
      expect(kept.status).toBe('mhp');
      expect((await list({ history_status: 'mhp' })).data.map((c) => c.id)).toContain(child.id);
    });
});
