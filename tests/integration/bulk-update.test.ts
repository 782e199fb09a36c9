import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childHistory } from '../../server/db/schema';
import { bulkUpdateRequest, type BulkChild } from '../../sync/entities/bulk-update';
import { batchRows, writeBatch } from '../../sync/engine/batch';
import { Replayer } from '../../sync/engine/replay';
import { createTransport } from '../../sync/net/transport';
import { discardEntry, resubmitEntry } from '../../sync/engine/review';
import { Device, photo } from './support/devices';
import { startTestServer, type TestServer } from './support/server';

/*
 * Bulk update through the outbox (R19, sync/batch.ts): one entry, a pending history row
 * per child at once (R1), the server's entries in their place after replay, and a refusal
 * kept for review with its rows marked, removed when discarded (R10, R14).
 */

let server: TestServer;
let token: string;
const devices: Device[] = [];

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin@demo.test');
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  await server?.close();
});

function device(): Device {
  const d = new Device(server.fetch, token, undefined, { collections: ['children', 'history'] });
  devices.push(d);
  return d;
}

async function twoChildren(d: Device): Promise<BulkChild[]> {
  const made: BulkChild[] = [];
  for (const name of [`Bulk A ${Date.now()}`, `Bulk B ${Date.now()}`]) {
    const result = await d.engine.write({
      entity: 'children',
      op: 'create',
      fields: server.validChild(name),
      files: { image: photo() },
    });
    if (!result.ok) throw new Error(result.message);
    made.push({ cid: result.cid });
  }
  await d.engine.replay();
  return Promise.all(made.map(async (c) => (await d.db.entity('children').get(c.cid)) as BulkChild));
}

const values = { type: 'medical', medical_issues: 'Fever', date: '2025-06-01', comment: 'Camp day' };

describe('bulk update through the outbox', () => {
  it('R1/R19: one entry and a pending history row per child; after replay the server holds both entries and the rows are theirs', async () => {
    const d = device();
    const children = await twoChildren(d);
    const built = bulkUpdateRequest(values, children);
    if (!built.ok) throw new Error(built.message);
    const written = await d.engine.writeBatch(built.request);
    if (!written.ok) throw new Error(written.message);

    const entries = await d.db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entity: 'bulkUpdates',
      payload: { type: 'medical', bulk: children.map((c) => c.id) },
    });
    const pending = await batchRows(d.db, 'bulkUpdates', written.cid).toArray();
    expect(pending.map((r) => [r.childregId, r.history_status, r._sync])).toEqual(
      children.map((c) => [c.id, 'medical_issue', 'pending']),
    );

    await d.engine.replay();
    expect(await d.db.outbox.count()).toBe(0);
    const ids = children.map((c) => c.id!);
    const onServer = await server.db
      .select()
      .from(childHistory)
      .where(and(inArray(childHistory.childregId, ids), isNull(childHistory.deleted_at)));
    expect(onServer.map((e) => [e.childregId, e.history_status, e.medical_issues]).sort()).toEqual(
      ids.map((id) => [id, 'medical_issue', 'Fever']).sort(),
    );
    expect(await batchRows(d.db, 'bulkUpdates', written.cid).count()).toBe(0);
    const local = await d.db.entity('history').where('childregId').anyOf(ids).toArray();
    expect(local.map((r) => [r.id, r._sync]).sort()).toEqual(onServer.map((e) => [e.id, 'synced']).sort());

    // A pull of history keeps one row per entry.
    await d.engine.sync();
    expect(await d.db.entity('history').where('childregId').anyOf(ids).count()).toBe(2);
  });

  it.each([
    ['sent at the end of the run', 'tail'],
    ['sent meanwhile by another replayer (Background Sync)', 'other'],
  ] as const)(
    'R11/R13: a bulk update saved while a sync pulls, %s, is followed by a pull before the run ends, so the delete of a child it moved is no conflict',
    async (_, sender) => {
      // The server's fetch, and a write saved on the device while the children's page is on its way.
      let during: (() => Promise<void>) | null = null;
      const d = new Device(
        async (request) => {
          const url = new URL(request.url);
          if (during && url.pathname.endsWith('/child-registrations') && url.searchParams.has('updated_since')) {
            const write = during;
            during = null;
            await write();
          }
          return server.fetch(request);
        },
        token,
        undefined,
        { collections: ['children', 'history'] },
      );
      devices.push(d);
      const [child, other] = await twoChildren(d);
      await d.engine.sync();
      during = async () => {
        const built = bulkUpdateRequest(values, [child!, other!]);
        if (!built.ok) throw new Error(built.message);
        const written = await writeBatch(d.db, built.request);
        if (!written.ok) throw new Error(written.message);
        if (sender === 'other') {
          const transport = createTransport({
            baseUrl: () => 'http://ashray.test/api/',
            token: () => token,
            fetch: d.net.fetch,
          });
          expect((await new Replayer({ db: d.db, transport }).run()).sent).toBe(1);
        }
      };

      await d.engine.sync();
      expect(during).toBeNull();
      expect(await d.db.outbox.count()).toBe(0);
      // The server moved the child's Present Status with its entry; the device holds that record.
      const view = () =>
        server.fetch(
          new Request(`http://ashray.test/api/child_view/${child!.id}`, {
            headers: { Authorization: `Bearer ${token}` },
          }),
        );
      const onServer = (await (await view()).json()) as { data: { updated_at: string } };
      const held = await d.db.entity('children').get(child!.cid);
      expect((held!._base as { updated_at: string }).updated_at).toBe(onServer.data.updated_at);

      const removed = await d.engine.write({ entity: 'children', op: 'delete', cid: child!.cid });
      if (!removed.ok) throw new Error(removed.message);
      await d.engine.replay();
      expect(await d.db.outbox.count()).toBe(0);
      expect(await d.db.conflicts.count()).toBe(0);
      expect((await view()).status).toBe(404);
    },
  );

  it('R19/R10/R14: a refused bulk update is kept for review with its rows marked; discarding it removes them', async () => {
    const d = device();
    const [child] = await twoChildren(d);
    const built = bulkUpdateRequest(values, [child!, { cid: 'gone', id: 999_999 }]);
    if (!built.ok) throw new Error(built.message);
    const written = await d.engine.writeBatch(built.request);
    if (!written.ok) throw new Error(written.message);
    await d.engine.replay();

    const [entry] = await d.db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'rejected', lastError: 'Record not found.' });
    expect((await batchRows(d.db, 'bulkUpdates', written.cid).toArray()).map((r) => r._sync)).toEqual([
      'rejected',
      'rejected',
    ]);
    expect(await server.db.select().from(childHistory).where(eq(childHistory.childregId, child!.id!))).toEqual([]);

    await resubmitEntry(d.db, entry!.seq!);
    expect((await batchRows(d.db, 'bulkUpdates', written.cid).toArray()).map((r) => r._sync)).toEqual([
      'pending',
      'pending',
    ]);
    await d.engine.replay();
    await discardEntry(d.db, (await d.db.outbox.toArray())[0]!.seq!);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await batchRows(d.db, 'bulkUpdates', written.cid).count()).toBe(0);
  });

  it('R6/R8/R19: children registered offline can be bulk updated at once; the entry waits for their creates and goes with their ids', async () => {
    const d = device();
    const made: BulkChild[] = [];
    for (const name of [`Bulk offline A ${Date.now()}`, `Bulk offline B ${Date.now()}`]) {
      const result = await d.engine.write({
        entity: 'children',
        op: 'create',
        fields: server.validChild(name),
        files: { image: photo() },
      });
      if (!result.ok) throw new Error(result.message);
      made.push({ cid: result.cid });
    }
    const built = bulkUpdateRequest(values, made);
    if (!built.ok) throw new Error(built.message);
    const written = await d.engine.writeBatch(built.request);
    if (!written.ok) throw new Error(written.message);
    const [, , entry] = await d.db.outbox.orderBy('seq').toArray();
    expect(entry).toMatchObject({
      entity: 'bulkUpdates',
      dependsOn: made.map((c) => c.cid),
      payload: { bulk: made.map((c) => c.cid) },
    });
    expect((await d.db.entity('children').get(made[0]!.cid))?.last_status).toMatchObject({
      history_status: 'medical_issue',
      medical: 'Fever',
    });

    await d.engine.replay();
    expect(await d.db.outbox.count()).toBe(0);
    const ids = await Promise.all(made.map(async (c) => (await d.db.entity('children').get(c.cid))!.id as number));
    const onServer = await server.db
      .select()
      .from(childHistory)
      .where(and(inArray(childHistory.childregId, ids), eq(childHistory.history_status, 'medical_issue')));
    expect(onServer.map((e) => e.childregId).sort()).toEqual([...ids].sort());
  });

  it("checks the modal with the contract's messages", () => {
    expect(
      bulkUpdateRequest({ ...values, comment: '' }, [
        { cid: 'a', id: 1 },
        { cid: 'b', id: 2 },
      ]),
    ).toEqual({ ok: false, message: 'The comment field is required.' });
    expect(
      bulkUpdateRequest({ ...values, type: '' }, [
        { cid: 'a', id: 1 },
        { cid: 'b', id: 2 },
      ]),
    ).toEqual({ ok: false, message: 'The type field is required.' });
    const move = bulkUpdateRequest({ type: 'center', centerId: '3', date: '2025-06-01', comment: 'x' }, [
      { cid: 'a', id: 1, centerdetailId: 2 },
      { cid: 'b', id: 2, centerdetailId: 2 },
    ]);
    expect(move.ok && move.request.payload.bulk).toEqual([
      { childregId: 1, centerId: 3 },
      { childregId: 2, centerId: 3 },
    ]);
    expect(move.ok && move.request.rows.map((r) => [r.history_status, r.centerId])).toEqual([
      ['transfer', 3],
      ['transfer', 3],
    ]);
  });
});
