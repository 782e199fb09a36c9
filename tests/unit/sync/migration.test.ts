import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { AppDb, schemaV1 } from '../../../sync/db/app-db';

describe('Dexie migration (DESIGN: every schema change keeps rows and the outbox)', () => {
  it('a version 1 database with queued entries opens on the current version with nothing lost', async () => {
    const name = `migration-${Date.now()}`;
    const old = new Dexie(name);
    old.version(1).stores(schemaV1);
    await old.open();
    await old.table('children').bulkPut([
      { cid: 's1', id: 1, name: 'Ravi', updated_at: '2026-01-01T00:00:00.000Z' },
      { cid: 'local-1', name: 'Asha', _sync: 'pending', _base: null },
    ]);
    const entry = {
      mutationId: 'm-1', entity: 'children', op: 'create', cid: 'local-1', payload: { name: 'Asha' }, fileKeys: ['local-1:image:k'],
      baseUpdatedAt: null, dependsOn: [], attempts: 2, nextAttemptAt: 123, lastError: 'Server not responding. Please try again later.', status: 'queued',
    };
    await old.table('outbox').add(entry);
    await old.table('files').put({ key: 'local-1:image:k', blob: new Blob(['x']), name: 'photo.png', type: 'image/png', createdAt: 1 });
    old.close();

    const db = new AppDb(name);
    await db.open();
    expect(db.verno).toBe(4);
    expect(await db.outbox.toArray()).toEqual([{ ...entry, seq: 1 }]);
    expect(await db.files.count()).toBe(1);
    expect((await db.entity('children').get('s1'))?._sync).toBe('synced');
    expect((await db.entity('children').get('local-1'))?._sync).toBe('pending');
    expect(await db.entity('children').where('_sync').equals('pending').primaryKeys()).toEqual(['local-1']);
    db.close();
    await Dexie.delete(name);
  });
});
