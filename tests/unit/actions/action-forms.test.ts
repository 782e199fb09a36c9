import { describe, expect, it } from 'vitest';
import { actionForms, messages } from '../../../sync';
import { actionProblem, actionWrites } from '../../../src/features/actions/hooks/save-action';
import { actionFields } from '../../../src/features/actions/components/action-fields';

const child = { cid: 'c-1', id: 7, centerdetailId: 2 };
const png = new File(['x'], 'a.png', { type: 'image/png' });

/** A valid filling of each form, and for each field the message its absence gives. */
const valid: Record<string, Record<string, unknown>> = {
  restore: {
    transfer_date: '2025-01-02',
    centerId: '2',
    restoration_method: 'byvisit',
    restore_to: 'Mother',
    restore_to_address: 'Road 1',
    comment: 'ok',
    documents: [],
  },
  restorationFollowUp: {
    transfer_date: '2025-01-02',
    centerId: '2',
    restoration_method: 'bytelephone',
    restore_to: 'Mother',
    restore_to_address: 'Road 1',
    comment: 'ok',
    documents: [],
  },
  medical: { transfer_date: '2025-01-02', medical_issues: 'Fever', comment: 'ok', documents: [] },
  education: { transfer_date: '2025-01-02', education_type: 'formal_school', comment: 'ok', documents: [] },
  mhp: { transfer_date: '2025-01-02', session_number: 'session_12', mhp: 'Play Therapy', comment: 'ok', documents: [] },
  transfer: { transfer_date: '2025-01-02', current_centerId: '2', centerId: '3', comment: 'ok', documents: [] },
  escortExit: {
    transfer_date: '2025-01-02',
    exit_type: 'exit',
    escort_exit_method: 'other_ngo',
    escort_exit_to: 'Shelter',
    escort_exit_address: 'Delhi',
    comment: 'ok',
    documents: [],
  },
  sps: {
    transfer_date: '2025-01-02',
    centerId: '2',
    social_protection_scheme: 'Foster Care',
    comment: 'ok',
    documents: [],
  },
  centerChange: { centerId: '3', date: '2025-01-02', comment: 'ok' },
};
const required: Record<string, string> = {
  transfer_date: 'The Transfer Date field is required.',
  date: 'The Date field is required.',
  centerId: 'The Center field is required.',
  current_centerId: 'The Current Center Name field is required.',
  restoration_method: 'The Restoration Method field is required.',
  restore_to: 'The Restored To field is required.',
  restore_to_address: 'The Restoration Address field is required.',
  medical_issues: 'The Medical Issue field is required.',
  education_type: 'The Education field is required.',
  mhp: 'The MHP field is required.',
  escort_exit_method: 'The Exit Method field is required.',
  escort_exit_to: 'The Escort/Exit To field is required.',
  escort_exit_address: 'The Escort/Exit Address field is required.',
  social_protection_scheme: messages.spsRequired,
  comment: 'The comment field is required.',
};

describe('action forms (spec part 1 sections 4 and 5)', () => {
  it.each(Object.keys(valid))('%s passes when filled and names each missing required field', (key) => {
    const k = key as keyof typeof valid & keyof typeof actionForms;
    expect(actionProblem(k, valid[k]!, child)).toBeNull();
    for (const field of actionFields[k as keyof typeof actionFields].filter(
      (f) => f.required && !('readOnly' in f && f.readOnly) && f.name !== 'exit_type',
    )) {
      expect(actionProblem(k, { ...valid[k], [field.name]: '' }, child), `${key}.${field.name}`).toBe(
        // The date is named as the form labels it: 'The Medical Test Date field is required.'
        field.name === 'transfer_date' ? `The ${actionForms[k].dateLabel} field is required.` : required[field.name],
      );
    }
  });

  it('each form shows its date label', () => {
    expect(Object.fromEntries(Object.entries(actionForms).map(([k, f]) => [k, f.dateLabel]))).toMatchObject({
      restore: 'Restoration date',
      restorationFollowUp: 'Restoration follow up date',
      medical: 'Medical Test Date',
      education: 'Educational Date',
      mhp: 'Date',
      transfer: 'Transfer date',
      escortExit: 'Date Of Escort/Exit',
    });
    expect(actionFields.transfer.map((f) => f.label)).toContain('Transfer To Center');
  });

  it('document rows are checked on Restore, Transfer and Escort/Exit, not on Medical, Education, MHP or SPS', () => {
    const row = [{ doc_date: '2025-01-01' }];
    expect(actionProblem('restore', { ...valid.restore, documents: row }, child)).toBe('Tag Name is required');
    expect(actionProblem('transfer', { ...valid.transfer, documents: [{ tagId: '1' }] }, child)).toBe(
      "Document's Date is required",
    );
    expect(actionProblem('escortExit', { ...valid.escortExit, documents: row }, child)).toBe('Tag Name is required');
    for (const key of ['medical', 'education', 'mhp', 'sps'] as const)
      expect(actionProblem(key, { ...valid[key], documents: row }, child)).toBeNull();
  });

  it('an escort method must belong to the chosen type; MHP sessions default to Session 1; education level is optional', () => {
    expect(actionProblem('escortExit', { ...valid.escortExit, exit_type: 'escort' }, child)).toBe(
      'The Exit Method field is required.',
    );
    expect(actionProblem('mhp', { ...valid.mhp, session_number: '' }, child)).toBeNull();
    expect(actionProblem('education', { ...valid.education, education_level: '' }, child)).toBeNull();
    expect(actionProblem('mhp', { ...valid.mhp, other: '' }, child)).toBeNull();
  });

  it('follow-up rows: each of method, date and comment has its own message; one write per row', () => {
    const row = { restoration_method: 'byvisit', transfer_date: '2025-01-02', comment: 'ok', filename: png };
    expect(actionProblem('followUps', { follow_up_data: [row] }, child)).toBeNull();
    expect(actionProblem('followUps', { follow_up_data: [{ ...row, restoration_method: '' }] }, child)).toBe(
      messages.followUpMethodRequired,
    );
    expect(actionProblem('followUps', { follow_up_data: [{ ...row, transfer_date: '' }] }, child)).toBe(
      'Follow-Up Date is required',
    );
    expect(actionProblem('followUps', { follow_up_data: [{ ...row, comment: '' }] }, child)).toBe(
      'Follow-Up Comment is required',
    );
    const writes = actionWrites('followUps', { follow_up_data: [row, { ...row, filename: null }] }, child);
    expect(writes).toHaveLength(2);
    expect(writes[0]!.fields).toMatchObject({
      childregId: 7,
      history_status: 'follow_up',
      follow_up_data: [{ restoration_method: 'byvisit', transfer_date: '2025-01-02', comment: 'ok' }],
    });
    expect(Object.keys(writes[0]!.files)).toEqual(['follow_up_data[0][filename]']);
  });

  it('writes name the child by cid until it has an id, and document files as documents[i][filename]', () => {
    const [write] = actionWrites(
      'restore',
      { ...valid.restore, documents: [{ tagId: '3', doc_date: '2025-01-01', filename: png, comment: '' }] },
      { cid: 'offline-child' },
    );
    expect(write!.fields).toMatchObject({
      childregId: 'offline-child',
      history_status: 'restoration',
      centerId: 2,
      documents: [{ tagId: 3, doc_date: '2025-01-01' }],
    });
    expect(Object.keys(write!.files)).toEqual(['documents[0][filename]']);
    expect(actionProblem('restore', valid.restore!, { cid: 'offline-child' })).toBeNull();
    expect(actionWrites('escortExit', valid.escortExit!, child)[0]!.fields.history_status).toBe('other_ngo');
    expect(actionWrites('centerChange', valid.centerChange!, child)[0]!.fields).toMatchObject({
      history_status: 'transfer',
      transfer_date: '2025-01-02',
      centerId: 3,
    });
  });
});
