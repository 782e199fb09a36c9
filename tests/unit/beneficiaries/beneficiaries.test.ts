import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listNonRegisteredBeneficiaries, listRegisteredBeneficiaries } from '../../../sync/queries';
import { currentDb } from '../../../sync/device/session';
import { serverCid } from '../../../sync/engine/pull';
import {
  checkBeneficiary,
  deleteBeneficiary,
  saveBeneficiary,
} from '../../../src/features/beneficiaries/hooks/use-beneficiaries';
import { adminUser, makeChild, seedChildren } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

const values = {
  name: 'Camp Visitor',
  gender: 'Female',
  age: '11',
  centerId: '3',
  service_date: '2025-02-01',
  comment: 'Medical camp',
};

describe('education, medical and MHP beneficiaries on the device', () => {
  beforeEach(async () => {
    await offlineDevice(adminUser);
    await seedChildren([makeChild(1), makeChild(2)]);
    await currentDb()
      .entity('history')
      .bulkPut([
        {
          cid: serverCid(1),
          id: 1,
          childregId: 1,
          centerId: 3,
          history_status: 'medical_issue',
          transfer_date: '2024-01-01',
          comment: 'first',
          _sync: 'synced',
        },
        {
          cid: serverCid(2),
          id: 2,
          childregId: 1,
          centerId: 3,
          history_status: 'medical_issue',
          transfer_date: '2024-06-01',
          comment: 'latest',
          _sync: 'synced',
        },
        {
          cid: serverCid(3),
          id: 3,
          childregId: 2,
          centerId: 4,
          history_status: 'medical_issue',
          transfer_date: '2024-03-01',
          comment: 'other',
          _sync: 'synced',
        },
        {
          cid: serverCid(4),
          id: 4,
          childregId: 2,
          centerId: 4,
          history_status: 'education',
          transfer_date: '2024-03-01',
          comment: 'school',
          _sync: 'synced',
        },
      ]);
  });
  afterEach(teardownDevice);

  it('registered: each child once, with its latest entry of the service', async () => {
    const page = await listRegisteredBeneficiaries('medical');
    expect(page.rows.map((r) => r.comment)).toEqual(['latest', 'other']);
    expect((await listRegisteredBeneficiaries('medical', { centerId: 4 })).rows.map((r) => r.comment)).toEqual([
      'other',
    ]);
    expect((await listRegisteredBeneficiaries('education')).rows.map((r) => r.comment)).toEqual(['school']);
  });

  it('non-registered: required messages, then add, list by service and center, delete, all offline', async () => {
    expect(checkBeneficiary('medical', { ...values, name: ' ' })).toEqual({
      ok: false,
      field: 'name',
      message: 'The Name field is required.',
    });
    expect(checkBeneficiary('medical', { ...values, service_date: '' })).toEqual({
      ok: false,
      field: 'service_date',
      message: 'The Date field is required.',
    });
    expect(await saveBeneficiary('medical', values)).toEqual({ ok: true });
    const listed = await listNonRegisteredBeneficiaries('medical', { centerId: 3 });
    expect(listed.rows).toHaveLength(1);
    expect(listed.rows[0]).toMatchObject({ name: 'Camp Visitor', service: 'medical', centerId: 3, _sync: 'pending' });
    expect((await listNonRegisteredBeneficiaries('education')).rows).toHaveLength(0);
    expect(await deleteBeneficiary(listed.rows[0]!)).toEqual({ ok: true });
    expect((await listNonRegisteredBeneficiaries('medical')).rows).toHaveLength(0);
    expect(await currentDb().outbox.count()).toBe(0);
  });
});
