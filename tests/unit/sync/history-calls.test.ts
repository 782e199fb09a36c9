// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb, type LocalRow } from '../../../sync/db/app-db';
import { writeLocal } from '../../../sync/engine/outbox';
import { Replayer } from '../../../sync/engine/replay';
import { callOf, descriptorOf } from '../../../sync/entities/registry';
import type { Transport } from '../../../sync/net/transport';

/*
 * Spec part 1 section 7: an education, medical or MHP entry is changed and removed through
 * its kind's own calls (/update_education, /medical_delete/{id}, ...); other entries through
 * /listing_delete/{id}, the Centers table's through /center_history_delete/{id}. The entry
 * queued by a screen's plain update or delete is sent through that call (R6, R11).
 */

let db: AppDb;
let sent: { method: string; path: string; json?: Record<string, unknown>; form?: string[] }[];

const transport: Transport = {
  request: async (method, path, options) => {
    const form = options?.body instanceof FormData ? [...options.body.keys()] : undefined;
    sent.push({ method, path, json: options?.json as Record<string, unknown> | undefined, form });
    const data = method === 'DELETE' ? undefined : { id: 41, updated_at: '2025-05-02T00:00:00.000Z' };
    return { success: true, data } as never;
  },
};

beforeEach(async () => {
  db = new AppDb(`history-calls-${Math.random()}`);
  await db.open();
  sent = [];
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** A synced history entry of a synced child, as a pull leaves it. */
async function entry(status: string, fields: Record<string, unknown> = {}): Promise<string> {
  await db.entity('children').put({ cid: 'child', id: 7, name: 'Asha', _sync: 'synced', _base: null } as LocalRow);
  const server = {
    id: 41,
    childregId: 7,
    history_status: status,
    transfer_date: '2025-05-01',
    comment: 'Seen',
    updated_at: '2025-05-01T00:00:00.000Z',
    ...fields,
  };
  await db.entity('history').put({ ...server, cid: 'entry', _sync: 'synced', _base: server } as LocalRow);
  return 'entry';
}

const queuedCall = async () => {
  const [queued] = await db.outbox.toArray();
  const row = await db.entity('history').get(queued!.cid);
  const call = callOf(descriptorOf(queued!.entity), queued!.op, row);
  return `${call.method} ${call.path}`;
};

const kinds = [
  ['education', { education_type: 'formal_school' }, 'POST /update_education', 'DELETE /education_delete/:id'],
  [
    'higher_education',
    { education_type: 'higher_education' },
    'POST /update_education',
    'DELETE /education_delete/:id',
  ],
  ['medical_issue', { medical_issues: 'Fever' }, 'POST /update_medical', 'DELETE /medical_delete/:id'],
  ['mhp', { mhp: 'Group Counselling', session_number: 'session_1' }, 'POST /update_mhp', 'DELETE /mhp_delete/:id'],
] as const;

describe('an education, medical or MHP entry goes through its own calls', () => {
  it.each(kinds)(
    '%s: update and delete queue their kind’s calls, in both history entities',
    async (status, fields, update, remove) => {
      for (const entity of ['history', 'historyActions'] as const) {
        const cid = await entry(status, fields);
        expect((await writeLocal(db, { entity, op: 'update', cid, fields: { comment: 'Changed' } })).ok).toBe(true);
        expect(await queuedCall()).toBe(update);
        await db.outbox.clear();
        expect((await writeLocal(db, { entity, op: 'delete', cid })).ok).toBe(true);
        expect(await queuedCall()).toBe(remove);
        await db.outbox.clear();
      }
    },
  );

  it('the replay sends the update to /update_mhp with the entry id, and the delete to /mhp_delete/{id}', async () => {
    const cid = await entry('mhp', { mhp: 'Group Counselling', session_number: 'session_1' });
    await writeLocal(db, { entity: 'history', op: 'update', cid, fields: { comment: 'Second session' } });
    await new Replayer({ db, transport }).run();
    await writeLocal(db, { entity: 'history', op: 'delete', cid });
    await new Replayer({ db, transport }).run();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /update_mhp', 'DELETE /mhp_delete/41']);
    const body = sent[0]!.json ?? {};
    const form = sent[0]!.form ?? Object.keys(body);
    expect(form).toEqual(expect.arrayContaining(['id', 'comment', 'mhp', 'session_number', 'transfer_date']));
    expect(await db.outbox.count()).toBe(0);
  });

  it('other entries keep /listing_delete/{id}; the Centers table deletes through /center_history_delete/{id}', async () => {
    for (const [status, call] of [
      ['restoration', 'DELETE /listing_delete/:id'],
      ['social_protection_scheme', 'DELETE /listing_delete/:id'],
      ['by_police', 'DELETE /listing_delete/:id'],
      ['transfer', 'DELETE /center_history_delete/:id'],
    ] as const) {
      const cid = await entry(status);
      await writeLocal(db, { entity: 'history', op: 'delete', cid });
      expect(await queuedCall(), status).toBe(call);
      await db.outbox.clear();
    }
  });

  it('R14: an entry saved again from the review queue (a plain create) goes to its kind’s save', async () => {
    for (const [status, path] of [
      ['education', '/education'],
      ['higher_education', '/education'],
      ['medical_issue', '/medical_consent'],
      ['mhp', '/mhp'],
    ] as const)
      for (const entity of ['history', 'historyActions'] as const) {
        const call = callOf(descriptorOf(entity), 'create', { history_status: status });
        expect([call.method, call.path, call.effect], `${entity} ${status}`).toEqual(['POST', path, 'create']);
      }
  });

  it('a named operation keeps the action save its form names, whatever the status', async () => {
    const call = callOf(descriptorOf('historyActions'), 'mhp', { history_status: 'mhp' });
    expect(`${call.method} ${call.path}`).toBe('POST /mhp');
    expect(callOf(descriptorOf('historyActions'), 'education', { history_status: 'education' }).path).toBe(
      '/education',
    );
  });
});
