import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { Device } from './support/devices';
import { startTestServer, type TestServer } from './support/server';
import { createTransport } from '../../sync/net/transport';
import { writeLocal } from '../../sync/engine/outbox';
import { activityLogs, childDocuments, childHistory, children } from '../../server/db/schema';
import { fetchChildRecords } from '../../sync/queries/child-records-online';
import { childRecordsFetched, type ChildRecordsDeps } from '../../sync/queries/child-records-kept';
import { fetchChildRecordsInBackground } from '../../sync/queries/child-records-background';

const SERVER = 'http://ashray.test/api/';
let specServer: TestServer;
let token: string;
const devices: Device[] = [];

beforeAll(async () => {
  specServer = await startTestServer({ specOnly: true });
  token = await specServer.login('admin@demo.test');
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  await specServer?.close();
});

/** A synced device against the SPEC_ONLY server, and the deps its profile reads with. */
async function syncedDevice(): Promise<{ d: Device; deps: ChildRecordsDeps; asked: string[] }> {
  const asked: string[] = [];
  const d = new Device((r) => (asked.push(new URL(r.url).pathname), specServer.fetch(r)), token, undefined, {
    collections: ['children', 'history', 'activityLogs', 'documents'],
  });
  devices.push(d);
  await d.engine.sync();
  const transport = createTransport({ baseUrl: () => SERVER, token: () => token, fetch: d.net.fetch });
  let clock = Date.parse('2026-11-20T10:00:00Z');
  return { d, deps: { db: d.db, transport, server: SERVER, now: () => (clock += 60_000) }, asked };
}

/** A child of the seed with an education entry, a transfer, an activity line and a document of our own. */
async function childWithRecords() {
  const { db } = specServer;
  const [child] = await db
    .select({ id: children.id })
    .from(children)
    .where(isNull(children.deleted_at))
    .orderBy(children.id)
    .limit(1);
  const childId = child!.id;
  const base = { childregId: childId, centerId: 2, comment: 'per-child read' };
  const [education, transfer, medical] = await db
    .insert(childHistory)
    .values([
      { ...base, history_status: 'education', transfer_date: '2026-11-02', education_type: 'formal' },
      { ...base, history_status: 'transfer', transfer_date: '2026-11-03' },
      { ...base, history_status: 'medical_issue', transfer_date: '2026-11-04', medical_issues: 'fever' },
    ])
    .returning({ id: childHistory.id });
  const [log] = await db
    .insert(activityLogs)
    .values({ childregId: childId, centerId: 2, activity: 'Education added' })
    .returning({ id: activityLogs.id });
  const [doc] = await db
    .insert(childDocuments)
    .values({ childregId: childId, tagId: 1, doc_date: '2026-11-02', filename: 'card.png' })
    .returning({ id: childDocuments.id });
  return {
    childId,
    education: education!.id,
    transfer: transfer!.id,
    medical: medical!.id,
    log: log!.id,
    doc: doc!.id,
  };
}

describe("a child's records through the documented per-child calls (SPEC_ONLY)", () => {
  it('a profile read fills history, center history, activity log and documents, and keeps an unsent local edit', async () => {
    const { d, deps, asked } = await syncedDevice();
    const ids = await childWithRecords();
    const child = (await d.db.entity('children').where('id').equals(ids.childId).first())!;
    // The sync could not bring them: the server lacks our bulk lists.
    expect(await d.db.entity('history').where('childregId').equals(ids.childId).count()).toBe(0);
    expect(await childRecordsFetched(ids.childId, deps)).toEqual({ fetchedAt: null, parts: [], attemptedAt: null });

    asked.length = 0;
    const first = await fetchChildRecords({ cid: child.cid, id: ids.childId }, deps);
    expect(first.fetchedAt).not.toBeNull();
    expect(first.parts).toEqual(['history', 'activityLogs', 'documents']);
    // Documented calls only: the per-child reads, no extension.
    expect(asked).toEqual(
      expect.arrayContaining([
        `/api/education_lists/${ids.childId}`,
        `/api/medical_lists/${ids.childId}`,
        `/api/mhp_lists/${ids.childId}`,
        `/api/listing/${ids.childId}/restoration`,
        `/api/listing/${ids.childId}/follow_up`,
        `/api/center_history/${ids.childId}`,
        `/api/activitylogs/${ids.childId}`,
        `/api/documents_lists/${ids.childId}`,
        `/api/child_view/${ids.childId}`,
      ]),
    );
    expect(asked.filter((p) => p === '/api/history' || p === '/api/activitylogs' || p === '/api/documents')).toEqual(
      [],
    );
    const history = d.db.entity('history');
    const education = (await history.where('id').equals(ids.education).first())!;
    expect(education).toMatchObject({ childregId: ids.childId, history_status: 'education', _sync: 'synced' });
    expect(await history.where('id').equals(ids.transfer).first()).toMatchObject({ history_status: 'transfer' });
    expect(await d.db.entity('activityLogs').where('id').equals(ids.log).first()).toMatchObject({
      activity: 'Education added',
    });
    expect(await d.db.entity('documents').where('id').equals(ids.doc).first()).toMatchObject({ filename: 'card.png' });
    expect(await childRecordsFetched(ids.childId, deps)).toMatchObject({ fetchedAt: first.fetchedAt });

    // An edit made here and not sent yet; meanwhile the server changes the entry and drops another.
    // Written as a screen writes, without the engine's replay: it stays unsent.
    const edited = await writeLocal(d.db, {
      entity: 'history',
      op: 'update',
      cid: education.cid,
      fields: { comment: 'mine' },
    });
    expect(edited.ok).toBe(true);
    await specServer.db
      .update(childHistory)
      .set({ education_level: 'Class 5', updated_at: new Date() })
      .where(eq(childHistory.id, ids.education));
    await specServer.db
      .update(childHistory)
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where(and(eq(childHistory.id, ids.medical)));

    const second = await fetchChildRecords({ cid: child.cid, id: ids.childId }, deps);
    expect(second.fetchedAt).toBeGreaterThan(first.fetchedAt!);
    // R17: the queued edit is rebased onto the server's record, never overwritten.
    expect(await history.get(education.cid)).toMatchObject({ comment: 'mine', education_level: 'Class 5' });
    expect((await d.db.outbox.toArray()).filter((e) => e.cid === education.cid)).toHaveLength(1);
    // R16: what the server no longer lists is gone here too.
    expect(await history.where('id').equals(ids.medical).count()).toBe(0);
    expect(await history.where('id').equals(ids.transfer).count()).toBe(1);
  });

  it('in the background: a few children per run, least recently fetched first, never twice in a row', async () => {
    const { d, deps } = await syncedDevice();
    const onDevice = (await d.db.entity('children').toArray()).filter((c) => typeof c.id === 'number');
    expect(onDevice.length).toBeGreaterThan(3);
    expect(await fetchChildRecordsInBackground(deps, 2)).toBe(2);
    const fetched = await d.db.syncState.where('collection').startsWith(`__child_records:${SERVER}`).toArray();
    expect(fetched).toHaveLength(2);
    // The next run takes two others: the ones just read are fresh.
    expect(await fetchChildRecordsInBackground(deps, 2)).toBe(2);
    const after = await d.db.syncState.where('collection').startsWith(`__child_records:${SERVER}`).toArray();
    expect(new Set(after.map((r) => r.collection)).size).toBe(4);
  });

  it('R13: a child deleted on the server is removed from the device when its records are read; one with an unsent edit becomes a conflict to decide', async () => {
    const { d, deps } = await syncedDevice();
    const { db } = specServer;
    const [gone, edited] = await db
      .select({ id: children.id })
      .from(children)
      .where(isNull(children.deleted_at))
      .orderBy(desc(children.id))
      .limit(2);
    const cidOf = async (id: number) => (await d.db.entity('children').where('id').equals(id).first())!.cid;
    const editedCid = await cidOf(edited!.id);
    const written = await writeLocal(d.db, {
      entity: 'children',
      op: 'update',
      cid: editedCid,
      fields: { comments: 'kept here' },
    });
    if (!written.ok) throw new Error(written.message);
    // Deleted on another device: the server keeps them soft-deleted and answers 404.
    await db
      .update(children)
      .set({ deleted_at: new Date() })
      .where(inArray(children.id, [gone!.id, edited!.id]));

    await fetchChildRecords({ id: gone!.id }, deps);
    expect(await d.db.entity('children').where('id').equals(gone!.id).count()).toBe(0);

    await fetchChildRecords({ id: edited!.id }, deps);
    expect(await d.db.entity('children').get(editedCid)).toMatchObject({ _sync: 'conflict' });
    expect(await d.db.conflicts.where('cid').equals(editedCid).first()).toMatchObject({
      mine: { comments: 'kept here' },
      theirs: null,
    });
  });
});
