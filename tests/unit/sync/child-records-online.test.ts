// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb, type LocalRow } from '../../../sync/db/app-db';
import { writeMissingExtensions } from '../../../sync/engine/missing-extensions';
import { SyncError } from '../../../sync/net/errors';
import type { Transport } from '../../../sync/net/transport';
import { fetchChildRecords } from '../../../sync/queries/child-records-online';
import { childRecordsFetched, mergeChildPart, type ChildRecordsDeps } from '../../../sync/queries/child-records-kept';
import { fetchChildRecordsInBackground } from '../../../sync/queries/child-records-background';

/*
 * A child's records read per child (spec part 1 section 7) are written as a pull page is
 * (R17: queued changes are never overwritten) and the child's synced rows the answers
 * cover but no longer list are removed (R16); a call that fails is skipped, never fatal.
 */

const SERVER = 'http://trust.test/api/';
let db: AppDb;

beforeEach(async () => {
  db = new AppDb(`child-records-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const stamp = '2026-11-01T10:00:00.000Z';
const synced = (fields: Record<string, unknown>): LocalRow =>
  ({
    ...fields,
    cid: `s${String(fields.id)}`,
    updated_at: stamp,
    _base: { ...fields, updated_at: stamp },
    _sync: 'synced',
  }) as LocalRow;
const history = () => db.entity('history');

describe('mergeChildPart', () => {
  beforeEach(async () => {
    await history().bulkPut([
      synced({ id: 1, childregId: 7, history_status: 'education' }),
      synced({ id: 2, childregId: 7, history_status: 'restoration' }),
      synced({ id: 3, childregId: 8, history_status: 'education' }),
      // Edited here, not sent: pending with its outbox entry.
      { ...synced({ id: 5, childregId: 7, history_status: 'education', comment: 'mine' }), _sync: 'pending' },
      // Created offline under the child's cid, no server id yet.
      { cid: 'p1', childregId: 'c7', history_status: 'education', _sync: 'pending' } as LocalRow,
    ]);
    await db.outbox.add({
      mutationId: 'm5',
      entity: 'history',
      op: 'update',
      cid: 's5',
      payload: { comment: 'mine' },
      fileKeys: [],
      baseUpdatedAt: stamp,
      dependsOn: [],
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      status: 'queued',
    } as never);
  });

  it('adds what the server lists, removes the synced entries of the covered tables it no longer lists, keeps the rest', async () => {
    const result = await mergeChildPart(
      db,
      'history',
      { cid: 'c7', id: 7 },
      {
        rows: [
          { id: 4, childregId: 7, history_status: 'education', updated_at: stamp },
          { id: 4, childregId: 7, history_status: 'education', updated_at: stamp },
        ],
        whole: false,
        statuses: new Set(['education', 'higher_education']),
      },
    );
    expect(result.removed).toBe(1);
    const left = (await history().toArray()).map((r) => r.cid).sort();
    // 1 gone (education, not listed); 2 kept (restoration was not asked); 3 another child's;
    // 5 has an unsent edit; p1 is not on the server yet; 4 came.
    expect(left).toEqual(['p1', 's2', 's3', 's4', 's5']);
    expect(await history().get('s4')).toMatchObject({ id: 4, _sync: 'synced', _base: { id: 4 } });
    expect(await history().get('s5')).toMatchObject({ comment: 'mine' });
  });

  it('a listed record with an unsent edit is rebased onto the server’s, never overwritten (R17)', async () => {
    await mergeChildPart(
      db,
      'history',
      { cid: 'c7', id: 7 },
      {
        rows: [
          {
            id: 5,
            childregId: 7,
            history_status: 'education',
            comment: null,
            education_level: 'Class 6',
            updated_at: '2026-11-05T00:00:00.000Z',
          },
        ],
        whole: false,
        statuses: new Set(['education']),
      },
    );
    expect(await history().get('s5')).toMatchObject({ comment: 'mine', education_level: 'Class 6' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('a whole list (activity log) removes every synced row of the child it leaves out', async () => {
    const logs = db.entity('activityLogs');
    await logs.bulkPut([
      synced({ id: 10, childregId: 7 }),
      synced({ id: 11, childregId: 7 }),
      synced({ id: 12, childregId: 9 }),
    ]);
    const result = await mergeChildPart(
      db,
      'activityLogs',
      { id: 7 },
      {
        rows: [{ id: 11, childregId: 7, activity: 'Saved', updated_at: stamp }],
        whole: true,
        statuses: new Set(),
      },
    );
    expect(result.removed).toBe(1);
    expect((await logs.toArray()).map((r) => r.id).sort()).toEqual([11, 12]);
  });

  it('nothing answered in full removes nothing', async () => {
    await mergeChildPart(db, 'history', { cid: 'c7', id: 7 }, { rows: [], whole: false, statuses: new Set() });
    expect(await history().count()).toBe(5);
  });
});

describe('fetchChildRecords', () => {
  const asked: string[] = [];
  /** A trust backend: the per-child reads answer; a few fail as `failing` says. */
  const trust = (failing: Record<string, SyncError> = {}): Transport => ({
    request: async (method, path) => {
      asked.push(`${method} ${path}`);
      const failure = Object.entries(failing).find(([p]) => path.startsWith(p))?.[1];
      if (failure) throw failure;
      const child = Number(path.split('/')[2]);
      if (path.startsWith('/child_view/'))
        return { success: true, data: { id: child, name: 'Asha' }, img_documents: [] } as never;
      if (path.startsWith('/listing/') && path.endsWith('/education'))
        // A Laravel paginator, ids as strings, no childregId: read as the child's records.
        return { success: true, data: { data: [{ id: '40', history_status: 'education' }] } } as never;
      if (path.startsWith('/center_history/'))
        return { success: true, data: [{ id: 41, date: '2026-11-02' }] } as never;
      if (path.startsWith('/activitylogs/'))
        return { success: true, data: [{ id: 42, activity: 'Transfer' }] } as never;
      if (path.startsWith('/documents_lists/'))
        return { success: true, data: [{ id: 43, filename: 'a.png' }] } as never;
      return { success: true, data: [] } as never;
    },
  });
  const deps = (transport: Transport): ChildRecordsDeps => ({ db, transport, server: SERVER, now: () => 1_000_000 });

  beforeEach(async () => {
    asked.length = 0;
    await db.entity('children').bulkPut([synced({ id: 7, name: 'Asha' }), synced({ id: 8, name: 'Ravi' })]);
  });

  it('a server with our extensions is asked nothing per child', async () => {
    const result = await fetchChildRecords({ id: 7 }, deps(trust()));
    expect(result).toEqual({ fetchedAt: null, parts: [], skipped: 0 });
    expect(asked).toEqual([]);
  });

  it('without them: documented GETs, a missing education_lists falls back to /listing, a timeout is skipped', async () => {
    await writeMissingExtensions(db, SERVER, ['history', 'activityLogs', 'documents'], 0);
    await history().put(synced({ id: 30, childregId: 7, history_status: 'transfer' }));
    const result = await fetchChildRecords(
      { id: 7 },
      deps(
        trust({
          '/education_lists/': new SyncError('not-found', 'Not found', { status: 404 }),
          '/center_history/': new SyncError('timeout', 'Timed out'),
        }),
      ),
    );
    expect(result).toMatchObject({ fetchedAt: 1_000_000, parts: ['history', 'activityLogs', 'documents'], skipped: 1 });
    expect(asked.every((a) => a.startsWith('GET '))).toBe(true);
    expect(asked).toContain('GET /listing/7/education');
    expect(await history().get('s40')).toMatchObject({ id: 40, childregId: 7, history_status: 'education' });
    // The Centers table was not answered: its entry stays as kept.
    expect(await history().get('s30')).toBeDefined();
    expect(await db.entity('activityLogs').get('s42')).toMatchObject({ childregId: 7 });
    expect(await db.entity('documents').get('s43')).toMatchObject({ childregId: 7 });
    expect(await childRecordsFetched(7, deps(trust()))).toEqual({
      fetchedAt: 1_000_000,
      parts: ['history', 'activityLogs', 'documents'],
      attemptedAt: 1_000_000,
    });
  });

  it('a child whose every call fails is skipped: nothing recorded as fetched, the background goes on', async () => {
    await writeMissingExtensions(db, SERVER, ['history'], 0);
    const down = new SyncError('network', 'Server not responding');
    const transport: Transport = {
      request: async (method, path, options) => {
        if (path.includes('/7')) throw down;
        return trust().request(method, path, options);
      },
    };
    expect(await fetchChildRecordsInBackground(deps(transport), 5)).toBe(1);
    expect((await childRecordsFetched(7, deps(transport))).fetchedAt).toBeNull();
    expect((await childRecordsFetched(8, deps(transport))).fetchedAt).toBe(1_000_000);
  });

  it("a 404 for the child removes it here; Laravel's 404 for a route the backend lacks only skips the call", async () => {
    await writeMissingExtensions(db, SERVER, ['history'], 0);
    const route = new SyncError('not-found', 'Not found', {
      status: 404,
      body: { message: 'The route api/child_view/8 could not be found.' },
    });
    await fetchChildRecords({ id: 8 }, deps(trust({ '/child_view/': route })));
    expect(await db.entity('children').get('s8')).toBeDefined();

    const gone = new SyncError('not-found', 'Record not found.', {
      status: 404,
      body: { success: false, message: 'Record not found.' },
    });
    await fetchChildRecords({ id: 7 }, deps(trust({ '/child_view/': gone })));
    expect(await db.entity('children').get('s7')).toBeUndefined();
  });
});
