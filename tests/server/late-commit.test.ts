import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { tags } from '../../server/db/schema';
import { selectRows } from '../../server/db/client';
import type { DeltaCursor } from '../../sync/contract';
import { createHarness, databaseKinds, type Harness } from './harness';

/*
 * sync/SPEC.md R22: a delta page hands out only rows below the horizon of transactions
 * still running, by the change stamp the database sets, so a write that commits late, or
 * one made by hand in SQL, is never behind a device's saved cursor.
 */

type Listed = { id: number; name: string; updated_at: string };
type DeltaAnswer = { data: Listed[]; sync: { deleted: number[]; next: DeltaCursor | null; cursor: DeltaCursor } };

const EPOCH: DeltaCursor = { updated_since: '1970-01-01T00:00:00.000Z', after_id: 0 };

for (const kind of databaseKinds) {
  describe(`R22 on ${kind}`, () => {
    let h: Harness;
    let admin: string;
    beforeAll(async () => {
      h = await createHarness(kind);
      admin = await h.login('admin@demo.test');
    });
    afterAll(async () => {
      await h?.close();
    });

    /**
     * Waits until the horizon has passed every write this test committed. The horizon is the
     * cluster's oldest running transaction (R22), so other suites running beside this one on
     * the same PostgreSQL hold it back for a moment; a pull made before then rightly hands out
     * nothing yet. A transaction the test itself holds open is waited out by not settling.
     */
    async function settled(): Promise<void> {
      const [{ xid }] = await selectRows<{ xid: string }>(h.db, sql`select pg_current_xact_id()::text as xid`);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [{ passed }] = await selectRows<{ passed: boolean }>(
          h.db,
          sql`select pg_snapshot_xmin(pg_current_snapshot()) > ${xid}::xid8 as passed`,
        );
        if (passed) return;
        if (Date.now() > deadline) throw new Error('the horizon stayed behind this test’s writes for 30 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    /** Every page from `cursor` on, as the device reads them: the rows and the cursor it saves. */
    async function pullFrom(
      cursor: DeltaCursor,
      { settle = true } = {},
    ): Promise<{ rows: Listed[]; deleted: number[]; saved: DeltaCursor }> {
      if (settle) await settled();
      const rows: Listed[] = [];
      const deleted: number[] = [];
      let at = cursor;
      for (let page = 1; ; page++) {
        const query = new URLSearchParams({
          updated_since: at.updated_since,
          after_id: String(at.after_id),
          ...(at.after_change === undefined ? {} : { after_change: at.after_change }),
          per_page: '2',
          page: String(page),
        });
        const response = await h.request(`/api/tags?${query}`, { token: admin });
        expect(response.status, await response.clone().text()).toBe(200);
        const answer = (await response.json()) as DeltaAnswer;
        rows.push(...answer.data);
        deleted.push(...answer.sync.deleted);
        at = answer.sync.cursor;
        if (!answer.sync.next) return { rows, deleted, saved: at };
      }
    }

    const named = (rows: Listed[], name: string) => rows.filter((r) => r.name === name);

    it('a full pull in small pages lists every tag once, and a pull from its saved cursor lists nothing new', async () => {
      const all = await pullFrom(EPOCH);
      const ids = all.rows.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      const [{ n }] = await h.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tags)
        .where(sql`deleted_at is null`);
      expect(ids).toHaveLength(n);
      expect((await pullFrom(all.saved)).rows).toEqual([]);
    });

    it('a row changed by hand in SQL is stamped: the next pull brings it, and an If-Match write from before it is a conflict', async () => {
      const [tag] = await h.db.insert(tags).values({ name: 'Stamped by hand' }).returning();
      const { saved } = await pullFrom(EPOCH);
      // An operator fixes the record in psql, touching neither updated_at nor anything of ours.
      await h.db.execute(sql`update tags set name = 'Fixed by hand' where id = ${tag!.id}`);
      const after = await pullFrom(saved);
      expect(after.rows.map((r) => [r.id, r.name])).toEqual([[tag!.id, 'Fixed by hand']]);
      expect(Date.parse(after.rows[0]!.updated_at)).toBeGreaterThan(tag!.updated_at.getTime());

      const stale = await h.request('/api/tag_update', {
        method: 'POST',
        token: admin,
        json: { id: tag!.id, name: 'From a device that never saw the fix' },
        headers: { 'If-Match': `"${tag!.updated_at.toISOString()}"` },
      });
      expect(stale.status).toBe(409);
      const [kept] = await h.db.select().from(tags).where(eq(tags.id, tag!.id));
      expect(kept!.name).toBe('Fixed by hand');
    });

    it('a delete is sent once, with the page whose stretch holds it', async () => {
      const [tag] = await h.db.insert(tags).values({ name: 'Deleted later' }).returning();
      const { saved } = await pullFrom(EPOCH);
      const gone = await h.request(`/api/tag_delete/${tag!.id}`, { method: 'DELETE', token: admin });
      expect(gone.status).toBe(200);
      const after = await pullFrom(saved);
      expect(after.deleted).toEqual([tag!.id]);
      expect((await pullFrom(after.saved)).deleted).toEqual([]);
    });

    it('every table with an id and an updated_at is stamped by the trigger', async () => {
      const rows = await selectRows<{ table: string }>(
        h.db,
        sql`
        select c.table_name as "table" from information_schema.columns c
        join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.column_name = 'updated_at'
          and not exists (select 1 from information_schema.triggers g
            where g.event_object_table = c.table_name and g.trigger_name = 'ashray_stamp_change')`,
      );
      expect(rows.map((r) => r.table)).toEqual([]);
    });

    if (kind === 'postgres') {
      it('a write that commits after a later one is pulled from the cursor saved in between', async () => {
        const { saved } = await pullFrom(EPOCH);
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let written!: () => void;
        const wrote = new Promise<void>((resolve) => (written = resolve));
        // Transaction A stamps its row first and stays open.
        const late = h.db.transaction(async (tx) => {
          await tx.insert(tags).values({ name: 'Committed late' });
          written();
          await held;
        });
        await wrote;
        // Transaction B writes after it and commits first.
        await h.db.insert(tags).values({ name: 'Committed first' });
        // Not settled: the horizon cannot pass A while the test holds it open.
        const between = await pullFrom(saved, { settle: false });
        // Neither is handed out while A runs: B is above the horizon A holds.
        expect(named(between.rows, 'Committed late')).toEqual([]);
        expect(named(between.rows, 'Committed first')).toEqual([]);

        release();
        await late;
        const after = await pullFrom(between.saved);
        expect(named(after.rows, 'Committed late')).toHaveLength(1);
        expect(named(after.rows, 'Committed first')).toHaveLength(1);
      });

      it('an If-Match write against a row a late commit changed is a conflict, never an overwrite', async () => {
        const [tag] = await h.db.insert(tags).values({ name: 'Changed late' }).returning();
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let written!: () => void;
        const wrote = new Promise<void>((resolve) => (written = resolve));
        const late = h.db.transaction(async (tx) => {
          await tx.execute(sql`update tags set name = 'Changed in a long transaction' where id = ${tag!.id}`);
          written();
          await held;
        });
        await wrote;
        // The device's edit, made against the record as it was, waits for the row.
        const stale = h.request('/api/tag_update', {
          method: 'POST',
          token: admin,
          json: { id: tag!.id, name: 'From the device' },
          headers: { 'If-Match': `"${tag!.updated_at.toISOString()}"` },
        });
        release();
        await late;
        expect((await stale).status).toBe(409);
        const [kept] = await h.db.select().from(tags).where(eq(tags.id, tag!.id));
        expect(kept!.name).toBe('Changed in a long transaction');
      });
    }
  });
}
