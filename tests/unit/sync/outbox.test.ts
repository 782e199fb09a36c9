// @vitest-environment node
// Node's structuredClone keeps Blobs in fake-indexeddb; jsdom's Blob would not survive it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../sync/db/app-db';
import { isQuotaError, QUOTA_MESSAGE, writeLocal, writeLocalAll } from '../../../sync/engine/outbox';

let db: AppDb;
beforeEach(async () => {
  db = new AppDb(`outbox-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const children = () => db.entity('children');
const photo = () => new Blob([new Uint8Array(64)], { type: 'image/png' });

describe('writes saved together (R1)', () => {
  it('a child and its documents are saved in one go, the documents waiting for the child (R6)', async () => {
    const cid = 'child-1';
    const result = await writeLocalAll(db, [
      { entity: 'children', op: 'create', cid, fields: { name: 'Asha' }, files: { image: photo() } },
      {
        entity: 'documents',
        op: 'create',
        fields: { childregId: cid, tagId: 1, doc_date: '2024-03-06' },
        files: { filename: photo() },
      },
      {
        entity: 'documents',
        op: 'create',
        fields: { childregId: cid, tagId: 2, doc_date: '2024-03-07' },
        files: { filename: photo() },
      },
    ]);
    if (!result.ok) throw new Error(result.message);
    expect(result.cids[0]).toBe(cid);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.entity, e.dependsOn])).toEqual([
      ['children', []],
      ['documents', [cid]],
      ['documents', [cid]],
    ]);
    expect(await db.files.count()).toBe(3);
  });

  it('one refused write leaves nothing of the others: no row, no entry, no file', async () => {
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' });
    const result = await writeLocalAll(db, [
      { entity: 'children', op: 'create', cid: 'child-2', fields: { name: 'Asha' }, files: { image: photo() } },
      {
        entity: 'documents',
        op: 'create',
        fields: { childregId: 'child-2', tagId: 1, doc_date: '2024-03-06' },
        files: { filename: big },
      },
    ]);
    expect(result).toEqual({ ok: false, reason: 'invalid', message: 'File can be uploaded, with up to 5 MB size.' });
    expect(await children().count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.files.count()).toBe(0);
  });
});

describe('local writes (R1-R4)', () => {
  it('R1: a create writes the row, marked pending, and one queued entry together', async () => {
    const result = await writeLocal(db, { entity: 'children', op: 'create', fields: { name: 'Asha' } });
    if (!result.ok) throw new Error(result.message);
    expect(await children().get(result.cid)).toMatchObject({ name: 'Asha', _sync: 'pending', _base: null });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      entity: 'children',
      op: 'create',
      cid: result.cid,
      payload: { name: 'Asha' },
      status: 'queued',
      attempts: 0,
    });
    expect(entry.mutationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('R2: files are stored as Blobs with the entry; a file over 5 MB is refused before anything is written', async () => {
    const ok = await writeLocal(db, {
      entity: 'children',
      op: 'create',
      fields: { name: 'Asha' },
      files: { image: photo() },
    });
    if (!ok.ok) throw new Error(ok.message);
    const [entry] = await db.outbox.toArray();
    expect(entry.fileKeys).toHaveLength(1);
    expect((await db.files.get(entry.fileKeys[0]))?.bytes?.length).toBe(64);
    expect(entry.payload.image).toBe(`local-file:${entry.fileKeys[0]}`);

    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' });
    const refused = await writeLocal(db, {
      entity: 'children',
      op: 'create',
      fields: { name: 'Big' },
      files: { image: big },
    });
    expect(refused).toEqual({ ok: false, reason: 'invalid', message: 'File can be uploaded, with up to 5 MB size.' });
    expect(await children().count()).toBe(1);
    expect(await db.files.count()).toBe(1);
  });

  it('R3: create then edits coalesce into one create while never sent', async () => {
    const created = await writeLocal(db, {
      entity: 'children',
      op: 'create',
      fields: { name: 'Asha', gender: 'Female' },
    });
    if (!created.ok) throw new Error();
    await writeLocal(db, { entity: 'children', op: 'update', cid: created.cid, fields: { name: 'Asha Devi' } });
    await writeLocal(db, { entity: 'children', op: 'update', cid: created.cid, fields: { comments: 'prefers Hindi' } });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      op: 'create',
      payload: { name: 'Asha Devi', gender: 'Female', comments: 'prefers Hindi' },
    });
  });

  it('R3: create then delete of a never-synced record cancels out, files too', async () => {
    const created = await writeLocal(db, {
      entity: 'children',
      op: 'create',
      fields: { name: 'Asha' },
      files: { image: photo() },
    });
    if (!created.ok) throw new Error();
    await writeLocal(db, { entity: 'children', op: 'delete', cid: created.cid });
    expect(await db.outbox.count()).toBe(0);
    expect(await children().count()).toBe(0);
    expect(await db.files.count()).toBe(0);
  });

  it('R3: an entry that was ever sent is never merged into (its key may be stored on the server)', async () => {
    const created = await writeLocal(db, { entity: 'children', op: 'create', fields: { name: 'Asha' } });
    if (!created.ok) throw new Error();
    await db.outbox.toCollection().modify({ attempts: 1 });
    await writeLocal(db, { entity: 'children', op: 'update', cid: created.cid, fields: { name: 'Asha Devi' } });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.op, e.payload])).toEqual([
      ['create', { name: 'Asha' }],
      ['update', { name: 'Asha Devi' }],
    ]);
  });

  it('R3: update then delete of a synced record becomes one delete against the same base', async () => {
    await children().put({
      cid: 's5',
      id: 5,
      name: 'Ravi',
      _base: { id: 5, name: 'Ravi', updated_at: 't1' },
      _sync: 'synced',
    });
    await writeLocal(db, { entity: 'children', op: 'update', cid: 's5', fields: { name: 'Ravi K' } });
    await writeLocal(db, { entity: 'children', op: 'delete', cid: 's5' });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ op: 'delete', baseUpdatedAt: 't1', payload: {} });
    expect((await children().get('s5'))?._deleted).toBe(1);
  });

  it('R6: a record referencing a parent not yet on the server depends on it; a known parent is referenced by id', async () => {
    const child = await writeLocal(db, { entity: 'children', op: 'create', fields: { name: 'Asha' } });
    if (!child.ok) throw new Error();
    await writeLocal(db, {
      entity: 'history',
      op: 'medical',
      fields: { childregId: child.cid, medical_issues: 'Fever' },
    });
    await children().put({ cid: 's9', id: 9, name: 'Ravi', _base: { id: 9 }, _sync: 'synced' });
    await writeLocal(db, { entity: 'history', op: 'medical', fields: { childregId: 's9', medical_issues: 'Cough' } });
    const [, first, second] = await db.outbox.orderBy('seq').toArray();
    expect(first).toMatchObject({ dependsOn: [child.cid], payload: { childregId: child.cid } });
    expect(second).toMatchObject({ dependsOn: [], payload: { childregId: 9 } });
  });

  it('R4: a quota error is recognised, with a message that says nothing saved was lost', () => {
    expect(isQuotaError({ name: 'QuotaExceededError' })).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('x'))).toBe(false);
    expect(QUOTA_MESSAGE).toContain('Everything saved before is safe');
  });
});
