import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, activityLogs, centers, childHistory, children, users } from '../../server/db/schema';
import { checkChain } from '../../server/access-log/chain';
import { retentionDryRun } from '../../server/access-log/retention';
import type { ChildAccessRow } from '../../sync/contract';
import { createHarness, databaseKinds, json, type Harness } from './harness';

type Timeline = { success: boolean; data: ChildAccessRow[]; pagination: { total: number } };

describe.each(databaseKinds)('the access log (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let viewer: string;
  let staff: string;
  let centerAdmin: string;
  let staffCenter: number;
  let ownChild: number;
  let otherChild: number;
  beforeAll(async () => {
    h = await createHarness(kind);
    const staffRow = (await h.db.select().from(users).where(eq(users.email, 'staff@demo.test')))[0];
    staffCenter = staffRow.centerId;
    // A center-bound administrator: the demo admin's role at the staff's center.
    const adminRow = (await h.db.select().from(users).where(eq(users.email, 'admin@demo.test')))[0];
    await h.db.insert(users).values({
      ...adminRow,
      id: undefined,
      email: 'center-admin@demo.test',
      name: 'Center Admin',
      centerId: staffCenter,
    });
    [admin, viewer, staff, centerAdmin] = await Promise.all([
      h.login('superadmin@demo.test'),
      h.login('viewer@demo.test'),
      h.login('staff@demo.test'),
      h.login('center-admin@demo.test'),
    ]);
    const all = await h.db.select({ id: children.id, centerId: children.centerdetailId }).from(children);
    ownChild = all.find((c) => c.centerId === staffCenter)!.id;
    otherChild = all.find((c) => c.centerId !== staffCenter)!.id;
  });
  afterAll(() => h?.close());

  const entry = (childIds: number[], over: Record<string, unknown> = {}) => ({
    key: randomUUID(),
    action: 'profile_view',
    child_ids: childIds,
    at: '2026-11-20T10:15:00.000Z',
    offline: true,
    device_id: 'tablet-7',
    app_version: '1.4.0',
    subject: 'Profile',
    ...over,
  });
  const send = (token: string, entries: unknown[]) =>
    h.request('/api/access_log', { method: 'POST', token, json: { entries } });
  const timeline = async (token: string, childId: number, page = 1) =>
    h.request(`/api/child_access_log/${childId}?page=${page}`, { token, headers: { 'X-Device-Id': 'office-pc' } });

  it('stores a batch once, however often it is sent, as the signed-in user', async () => {
    const batch = [entry([ownChild]), entry([ownChild, otherChild], { action: 'csv_export', subject: 'Child list' })];
    const first = await json<{ data: { received: number; stored: number } }>(await send(staff, batch));
    expect(first.data).toEqual({ received: 2, stored: 2 });
    const again = await json<{ data: { received: number; stored: number } }>(await send(staff, batch));
    expect(again.data).toEqual({ received: 2, stored: 0 });
    const rows = await h.db
      .select()
      .from(accessLog)
      .where(
        sql`${accessLog.key} in (${sql.join(
          batch.map((e) => sql`${e.key}`),
          sql`, `,
        )})`,
      );
    expect(rows).toHaveLength(2);
    const staffId = (await h.db.select().from(users).where(eq(users.email, 'staff@demo.test')))[0].id;
    expect(rows.every((r) => r.userId === staffId)).toBe(true);
  });

  it('refuses a malformed batch with a message and stores nothing of it', async () => {
    const before = (await h.db.select({ n: sql<number>`count(*)::int` }).from(accessLog))[0].n;
    const bad = await send(staff, [entry([ownChild]), entry([ownChild], { action: 'delete_everything' })]);
    expect(bad.status).toBe(422);
    expect((await json<{ message: string }>(bad)).message).toBeTruthy();
    expect((await h.db.select({ n: sql<number>`count(*)::int` }).from(accessLog))[0].n).toBe(before);
    expect((await send(staff, [])).status).toBe(422);
    const tooMany = Array.from({ length: 3 }, () => entry(Array.from({ length: 1000 }, (_, i) => i + 1)));
    expect((await send(staff, tooMany)).status).toBe(422);
  });

  it("shows an administrator a child's accesses and writes, newest first, and logs that read", async () => {
    await send(staff, [entry([ownChild], { at: '2026-11-21T08:00:00.000Z', subject: 'Education' })]);
    const [author] = await h.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    await h.db.insert(activityLogs).values({
      childregId: ownChild,
      centerId: staffCenter,
      activity: 'Education record added',
      created_by: author.id,
      created_at: new Date('2026-11-21T09:00:00.000Z'),
    });
    const res = await timeline(admin, ownChild);
    expect(res.status).toBe(200);
    const body = await json<Timeline>(res);
    const [read, write, view] = body.data;
    expect(read).toMatchObject({ kind: 'access', action: 'access_log_read', device_id: 'office-pc', offline: false });
    expect(read.user_email).toBe('superadmin@demo.test');
    expect(write).toMatchObject({
      kind: 'write',
      action: 'Education record added',
      user_name: author.name,
      offline: null,
    });
    expect(view).toMatchObject({
      kind: 'access',
      action: 'profile_view',
      subject: 'Education',
      user_email: 'staff@demo.test',
      device_id: 'tablet-7',
      at: '2026-11-21T08:00:00.000Z',
      offline: true,
    });
    const times = body.data.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.pagination.total).toBeGreaterThanOrEqual(5);
    // The next read shows this one.
    const next = await json<Timeline>(await timeline(admin, ownChild));
    expect(next.data.filter((r) => r.action === 'access_log_read')).toHaveLength(2);
  });

  it("lets a center-bound administrator read its center's children only; others never", async () => {
    expect((await timeline(centerAdmin, ownChild)).status).toBe(200);
    const refused = await timeline(centerAdmin, otherChild);
    expect(refused.status).toBe(403);
    expect((await json<{ message: string }>(refused)).message).toBe('This action is unauthorized.');
    expect((await timeline(viewer, ownChild)).status).toBe(403);
    expect((await timeline(staff, ownChild)).status).toBe(403);
    expect((await timeline(admin, 987654)).status).toBe(404);
    expect((await h.request(`/api/child_access_log/${ownChild}`)).status).toBe(401);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the table, whoever asks, but the retention job', async () => {
    const [row] = await h.db.select().from(accessLog).limit(1);
    // The database's refusal (drizzle wraps it: its cause is PostgreSQL's error).
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'done',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(h.db.execute(sql`update access_log set offline = false where id = ${row.id}`))).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(h.db.execute(sql`delete from access_log where id = ${row.id}`))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(h.db.execute(sql`truncate access_log`))).toMatch(/append-only: TRUNCATE refused/);
    expect((await h.db.select().from(accessLog).where(eq(accessLog.id, row.id)))[0]).toEqual(row);
  });

  it('the chain check holds on an intact log and finds a removed row and an altered one', async () => {
    await send(staff, [entry([ownChild]), entry([ownChild]), entry([otherChild])]);
    const intact = await checkChain(h.db, 2);
    expect(intact.ok).toBe(true);
    const rows = await h.db.select().from(accessLog).orderBy(accessLog.id);
    expect(intact).toEqual({ ok: true, rows: rows.length, head: rows.at(-1)!.hash });

    const victim = rows[rows.length - 3];
    await h.db.transaction(async (tx) => {
      await tx.execute(sql`set local ashray.access_log_retention = 'on'`);
      await tx.execute(sql`delete from access_log where id = ${victim.id}`);
    });
    expect(await checkChain(h.db, 2)).toEqual({
      ok: false,
      rows: rows.length - 3,
      brokenAt: rows[rows.length - 2].id,
      reason: 'previous hash',
    });

    const altered = rows[1];
    await h.db.transaction(async (tx) => {
      await tx.execute(sql`set local ashray.access_log_retention = 'on'`);
      await tx.execute(sql`update access_log set device_id = 'someone else' where id = ${altered.id}`);
    });
    expect(await checkChain(h.db)).toMatchObject({ ok: false, brokenAt: altered.id, reason: 'content' });
  });

  it("the retention dry run lists children who left care longer ago than the rule's years, by id, and changes nothing", async () => {
    const [center] = await h.db.select({ id: centers.id }).from(centers).where(eq(centers.id, staffCenter));
    const [author] = await h.db.select().from(users).where(eq(users.email, 'staff@demo.test'));
    await h.db.insert(childHistory).values({
      childregId: ownChild,
      centerId: center.id,
      history_status: 'run_away',
      created_by: author.id,
      created_at: new Date('2016-03-01T10:00:00.000Z'),
    } as typeof childHistory.$inferInsert);
    // Its newest entry: the child's other entries are older than 2016 only if the seed made none later.
    await h.db.execute(
      sql`update child_history set created_at = '2016-03-01T10:00:00Z' where childreg_id = ${ownChild}`,
    );
    const before = await h.db.select().from(children).where(eq(children.id, ownChild));
    const due = await retentionDryRun(h.db, 7, '2026-11-27');
    const mine = due.find((d) => d.child_id === ownChild);
    expect(mine).toMatchObject({ center_id: staffCenter, left_on: '2016-03-01' });
    expect(mine!.access_entries).toBeGreaterThan(0);
    expect(JSON.stringify(due)).not.toContain(before[0].name);
    expect((await retentionDryRun(h.db, 20, '2026-11-27')).find((d) => d.child_id === ownChild)).toBeUndefined();
    expect(await h.db.select().from(children).where(eq(children.id, ownChild))).toEqual(before);
  });
});
