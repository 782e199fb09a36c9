// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyLastStatus, lastStatusOf, withNewestEntry } from '../../../sync/contract';
import { AppDb } from '../../../sync/db/app-db';
import { writeLocal } from '../../../sync/engine/outbox';

describe('last_status, the rule server and device share (spec part 1 section 4)', () => {
  it("keeps the newest value of each kind; Present Status and the comment are the newest entry's", () => {
    const status = lastStatusOf([
      { history_status: 'produceToCwc', transfer_date: '2025-01-01', comment: 'produced' },
      { history_status: 'medical_issue', medical_issues: 'Fever', comment: 'PHC' },
      { history_status: 'education', education_type: 'formal_school', comment: null },
      { history_status: 'social_protection_scheme', social_protection_scheme: 'Ration card', comment: 'applied' },
      { history_status: 'mhp', mhp: 'anxiety', other: 'art therapy', comment: 'session 1' },
      { history_status: 'by_police', comment: 'escorted' },
    ]);
    expect(status).toEqual({
      refer: null,
      produce: '2025-01-01',
      comment: 'escorted',
      sps: 'Ration card',
      medical: 'Fever',
      education: 'formal_school',
      mhp: 'anxiety',
      other: 'art therapy',
      history_status: 'by_police',
    });
    expect(lastStatusOf([])).toEqual(emptyLastStatus);
  });

  it("one new entry on top of a child's last_status gives what folding the whole history gives", () => {
    const history = [
      { history_status: 'referFromCwc', transfer_date: '2025-02-01', comment: 'referred' },
      { history_status: 'higher_education', education_type: 'higher_education', comment: 'college' },
    ];
    const entry = { history_status: 'reopen', transfer_date: '2025-03-01', comment: null };
    expect(withNewestEntry(lastStatusOf(history), entry)).toEqual(lastStatusOf([...history, entry]));
    // A child response may carry a partial last_status (or none).
    expect(withNewestEntry(undefined, entry)).toEqual({ ...emptyLastStatus, history_status: 'reopen' });
  });
});

describe('Present Status moves on the device with the history saved there (spec part 1 section 4)', () => {
  let db: AppDb;
  beforeEach(async () => {
    db = new AppDb(`present-status-${Math.random()}`);
    await db.open();
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  const child = () => db.entity('children').get('child-1');
  const seedChild = (lastStatus: Record<string, unknown>) =>
    db
      .entity('children')
      .put({ cid: 'child-1', id: 41, name: 'Asha', last_status: lastStatus, _sync: 'synced', _base: { id: 41 } });
  const save = async (op: string, fields: Record<string, unknown>) => {
    const result = await writeLocal(db, { entity: 'historyActions', op, fields: { childregId: 41, ...fields } });
    if (!result.ok) throw new Error(result.message);
    return result.cid;
  };

  it("an action saved offline is the child's Present Status at once, in the same transaction as its history row", async () => {
    await seedChild({ history_status: 'medical_issue', medical: 'Fever', comment: 'PHC' });
    await save('save_excort_exit', { history_status: 'by_police', transfer_date: '2025-01-17', comment: 'escorted' });
    expect((await child())?.last_status).toMatchObject({
      history_status: 'by_police',
      medical: 'Fever',
      comment: 'escorted',
    });
    await save('reopen', { history_status: 'reopen', transfer_date: '2025-01-18' });
    expect((await child())?.last_status).toMatchObject({ history_status: 'reopen', medical: 'Fever', comment: null });
    // The child row has no queued change of its own: the next pull replaces last_status with the server's.
    expect((await child())?._sync).toBe('synced');
    expect((await db.outbox.toArray()).map((e) => e.entity)).toEqual(['historyActions', 'historyActions']);
  });

  it('a child created offline (known by its cid) moves too', async () => {
    await db.entity('children').put({ cid: 'child-1', name: 'Asha', _sync: 'pending', _base: null });
    await writeLocal(db, {
      entity: 'historyActions',
      op: 'medical',
      fields: { childregId: 'child-1', history_status: 'medical_issue', medical_issues: 'Cough', comment: 'new' },
    });
    expect((await child())?.last_status).toMatchObject({ history_status: 'medical_issue', medical: 'Cough' });
  });

  it('deleting the newest entry offline gives back the status of the one before', async () => {
    await seedChild({ history_status: 'education', education: 'formal_school' });
    await db.entity('history').bulkPut([
      {
        cid: 'h1',
        id: 1,
        childregId: 41,
        history_status: 'education',
        education_type: 'formal_school',
        comment: 'school',
        created_at: '2025-01-01T10:00:00.000Z',
        _sync: 'synced',
        _base: { id: 1, updated_at: '2025-01-01T10:00:00.000Z' },
      },
      {
        cid: 'h2',
        id: 2,
        childregId: 41,
        history_status: 'medical_issue',
        medical_issues: 'Fever',
        comment: 'PHC',
        created_at: '2025-01-02T10:00:00.000Z',
        _sync: 'synced',
        _base: { id: 2, updated_at: '2025-01-02T10:00:00.000Z' },
      },
    ]);
    await writeLocal(db, { entity: 'historyActions', op: 'delete', cid: 'h2' });
    expect((await child())?.last_status).toEqual({
      ...emptyLastStatus,
      history_status: 'education',
      education: 'formal_school',
      comment: 'school',
    });
  });

  it('a CWC produce for a child sets its flag and Present Status produceToCwc', async () => {
    await seedChild({ history_status: 'medical_issue' });
    await writeLocal(db, {
      entity: 'cwcProduce',
      op: 'create',
      fields: { childregId: 41, centerId: 2, transfer_date: '2025-04-01', comment: 'to CWC' },
    });
    expect(await child()).toMatchObject({
      produce_cwc: 1,
      last_status: { history_status: 'produceToCwc', produce: '2025-04-01' },
    });
  });
});
