import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { beneficiaryDocuments } from '../../server/db/schema';
import { Device, photo } from './support/devices';
import { startTestServer, type TestServer } from './support/server';

/*
 * A non-registered beneficiary created offline with a document (one write of each, saved
 * together, R1): the document waits for its beneficiary (R6), goes with its id (R8) and its
 * file from IndexedDB, once even when the answer is lost (R7), and is removed again through
 * the outbox.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin@demo.test');
});
afterAll(() => server?.close());

describe("a beneficiary's document through the outbox", () => {
  it('R6/R7/R8: created offline with its beneficiary, it is stored once with its file, then deleted', async () => {
    const d = new Device(server.fetch, token, undefined, { collections: ['beneficiaries', 'beneficiaryDocuments'] });
    const cid = crypto.randomUUID();
    const saved = await d.engine.writeAll([
      {
        entity: 'beneficiaries',
        op: 'create',
        cid,
        fields: { name: 'Camp Visitor', centerId: 2, service: 'medical', service_date: '2025-02-01' },
      },
      {
        entity: 'beneficiaryDocuments',
        op: 'create',
        fields: { beneficiaryId: cid, tagId: 1, doc_date: '2025-02-01', comment: 'camp' },
        files: { filename: photo() },
      },
    ]);
    expect(saved.ok).toBe(true);
    const docCid = saved.ok ? saved.cids[1]! : '';
    d.net.inject('pass', 'drop-response');
    await d.engine.replay();
    await d.engine.replay();
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.files.count()).toBe(0);

    const beneficiary = await d.db.entity('beneficiaries').get(cid);
    const doc = await d.db.entity('beneficiaryDocuments').get(docCid);
    expect(doc).toMatchObject({ beneficiaryId: beneficiary!.id, tagId: 1, _sync: 'synced' });
    expect(String(doc!.filename)).toMatch(/^[a-f0-9]{32}\.png$/);
    const stored = await server.db
      .select()
      .from(beneficiaryDocuments)
      .where(eq(beneficiaryDocuments.beneficiaryId, Number(beneficiary!.id)));
    expect(stored.map((r) => r.filename)).toEqual([doc!.filename]);

    const removed = await d.engine.write({ entity: 'beneficiaryDocuments', op: 'delete', cid: docCid });
    expect(removed.ok).toBe(true);
    await d.engine.replay();
    expect(await d.db.outbox.count()).toBe(0);
    const [after] = await server.db
      .select()
      .from(beneficiaryDocuments)
      .where(eq(beneficiaryDocuments.id, doc!.id as number));
    expect(after!.deleted_at).not.toBeNull();
    await d.close();
  });
});
