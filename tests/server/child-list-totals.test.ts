import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../server/db/client';
import { childHistory, children } from '../../server/db/schema';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type ListBody = { data: Array<{ id: number; name: string }>; pagination: { total: number } };

/*
 * The child list's total (spec part 1 section 3) read from the counts migration 0014 keeps
 * by center and Present Status, and its text filters answered from trigram indexes: every
 * total stays what counting the children says, whatever writes the children and entries.
 */
describe.each(databaseKinds)('child list totals (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await h.login('admin@demo.test');
  });
  afterAll(() => h.close());

  const list = async (body: Record<string, unknown>, token = admin) => {
    const response = await h.request('/api/child-registrations?page=1&per_page=1000', {
      method: 'POST',
      token,
      json: body,
    });
    expect(response.status).toBe(200);
    return json<ListBody>(response);
  };

  /** The kept counts, and the same counted from the children now; keys with no child left out. */
  async function keptAndCounted() {
    const kept = await selectRows<{ center: number; status: string; n: number }>(
      h.db,
      sql`select center_id as center, history_status as status, n from child_list_counts where n <> 0 order by 1, 2`,
    );
    const counted = await selectRows<{ center: number; status: string; n: number }>(
      h.db,
      sql`select c.centerdetail_id as center, coalesce(p.history_status, '') as status, count(*)::int as n
        from children c left join child_present_status p on p.childreg_id = c.id
        where c.deleted_at is null group by 1, 2 order by 1, 2`,
    );
    return { kept, counted };
  }

  async function expectTotalsRight() {
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    const statuses = [...new Set(counted.map((r) => r.status).filter(Boolean))];
    const centers = [...new Set(counted.map((r) => r.center))];
    const filters = [
      {},
      ...centers.map((centerId) => ({ centerId })),
      ...statuses.map((history_status) => ({ history_status })),
      { centerId: centers[0], history_status: statuses[0] },
    ];
    for (const filter of filters) {
      const answer = await list(filter);
      expect(answer.pagination.total, JSON.stringify(filter)).toBe(answer.data.length);
    }
  }

  it('the kept counts start as the children are, and every total equals the children listed', async () => {
    const { counted } = await keptAndCounted();
    expect(counted.length).toBeGreaterThan(3);
    await expectTotalsRight();
  });

  it('follow children created, moved, deleted, restored and removed, and entries added and deleted', async () => {
    const created = await h.db
      .insert(children)
      .values([
        { name: 'Totals One', centerdetailId: 2 },
        { name: 'Totals Two', centerdetailId: 2 },
        { name: 'Totals Three', centerdetailId: 3 },
      ])
      .returning({ id: children.id });
    const [one, two, three] = created.map((c) => c.id);
    await expectTotalsRight();

    await h.db.insert(childHistory).values([
      { childregId: one, centerId: 2, history_status: 'education', comment: 'totals' },
      { childregId: two, centerId: 2, history_status: 'mhp', comment: 'totals' },
      { childregId: two, centerId: 2, history_status: 'medical_issue', comment: 'totals' },
    ]);
    await expectTotalsRight();

    // Moved with its Present Status; a name edit moves nothing.
    await h.db.update(children).set({ centerdetailId: 3 }).where(eq(children.id, one));
    await h.db.update(children).set({ name: 'Totals Two Renamed' }).where(eq(children.id, two));
    await expectTotalsRight();

    // Deleted (as the app deletes), its status changed while deleted, then restored.
    await h.db.update(children).set({ deleted_at: new Date() }).where(eq(children.id, two));
    await h.db.insert(childHistory).values({ childregId: two, centerId: 2, history_status: 'mhp', comment: 'totals' });
    await expectTotalsRight();
    await h.db.update(children).set({ deleted_at: null }).where(eq(children.id, two));
    await expectTotalsRight();

    // Its entries deleted: no Present Status any more.
    await h.db.update(childHistory).set({ deleted_at: new Date() }).where(eq(childHistory.childregId, one));
    await expectTotalsRight();

    // Removed for good (entries first, as the foreign key asks).
    await h.db.delete(childHistory).where(inArray(childHistory.childregId, [one, two]));
    await h.db.delete(children).where(inArray(children.id, [one, two, three]));
    await expectTotalsRight();
  });

  it('a center-bound user counts only its own center', async () => {
    const [staff] = await selectRows<{ email: string }>(
      h.db,
      sql`select email from users where center_id <> 1 and status = 1 and deleted_at is null order by id limit 1`,
    );
    const token = await h.login(staff.email);
    for (const filter of [{}, { history_status: 'education' }, { centerId: 3 }]) {
      const answer = await list(filter, token);
      expect(answer.pagination.total).toBe(answer.data.length);
    }
  });

  it('the text filters match a substring in any case from their trigram indexes, % and _ as themselves', async () => {
    const rows = await h.db
      .insert(children)
      .values([
        { name: 'Trigram Ravi Kumar', centerdetailId: 2, uniqueId: 'TRG/100%', cwccaseno: 'CWC_77' },
        { name: 'trigram RAVINDRA', centerdetailId: 3, uniqueId: 'TRG/1000', cwccaseno: 'CWCx77' },
      ])
      .returning({ id: children.id });
    const names = async (filter: Record<string, unknown>) => {
      const answer = await list(filter);
      expect(answer.pagination.total).toBe(answer.data.length);
      return answer.data.map((c) => c.id).sort();
    };
    const ids = rows.map((r) => r.id).sort();
    expect(await names({ name: 'gram ravi' })).toEqual(ids);
    expect(await names({ name: 'RAVI K' })).toEqual([ids[0]]);
    expect(await names({ uniqueId: 'trg/100%' })).toEqual([ids[0]]);
    expect(await names({ cwccaseno: 'cwc_7' })).toEqual([ids[0]]);
    expect(await names({ name: 'gram ravi', centerId: 3 })).toEqual([ids[1]]);
    const indexes = await selectRows<{ name: string }>(
      h.db,
      sql`select indexname as name from pg_indexes where tablename = 'children' and indexdef like '%gin_trgm_ops%' order by 1`,
    );
    expect(indexes.map((i) => i.name)).toEqual([
      'children_cwccaseno_trgm_idx',
      'children_name_trgm_idx',
      'children_unique_id_trgm_idx',
    ]);
  });

  // Two connections at once: PostgreSQL only (PGlite has one, so its transactions never overlap).
  if (kind === 'postgres')
    it('a child moved while another transaction changes its Present Status: the counts follow both, whichever waits', async () => {
      const [child] = await h.db
        .insert(children)
        .values({ name: 'Totals Concurrent', centerdetailId: 2 })
        .returning({ id: children.id });
      await h.db
        .insert(childHistory)
        .values({ childregId: child.id, centerId: 2, history_status: 'mhp', comment: 'c' });
      const pause = () => new Promise((resolve) => setTimeout(resolve, 200));
      // The move first and held open: the entry's refresh waits for the child's row, then counts it in center 3.
      await Promise.all([
        h.db.transaction(async (tx) => {
          await tx.update(children).set({ centerdetailId: 3 }).where(eq(children.id, child.id));
          await pause();
        }),
        pause().then(() =>
          h.db
            .insert(childHistory)
            .values({ childregId: child.id, centerId: 3, history_status: 'education', comment: 'c' }),
        ),
      ]);
      await expectTotalsRight();
      // The entry first and held open: the move waits for it, then moves the new status.
      await Promise.all([
        h.db.transaction(async (tx) => {
          await tx
            .insert(childHistory)
            .values({ childregId: child.id, centerId: 3, history_status: 'mhp', comment: 'c' });
          await pause();
        }),
        pause().then(() => h.db.update(children).set({ centerdetailId: 2 }).where(eq(children.id, child.id))),
      ]);
      await expectTotalsRight();
      const { kept } = await keptAndCounted();
      expect(kept).toContainEqual(expect.objectContaining({ center: 2, status: 'mhp' }));
    });
});
