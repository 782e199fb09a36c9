import { describe, expect, it } from 'vitest';
import {
  actionForms,
  bulkUpdateSchema,
  canBulkUpdate,
  centerChangeFormSchema,
  cwcProduceFormSchema,
  cwcReferFormSchema,
  educationFormSchema,
  escortExitFormSchema,
  followUpsFormSchema,
  medicalFormSchema,
  mhpFormSchema,
  restorationFollowUpFormSchema,
  restoreFormSchema,
  spsActionFormSchema,
  transferFormSchema,
  endpoints,
} from '../../../sync/contract';
import { firstMessage, messagesOf } from './helpers';

const base = { childregId: 7, transfer_date: '2024-04-01', comment: 'Done' };

describe('action forms (part 1, section 5)', () => {
  it('Restore requires each field with The X field is required.', () => {
    expect(messagesOf(restoreFormSchema, {})).toEqual([
      'The Child field is required.',
      'The Transfer Date field is required.',
      'The Center field is required.',
      'The Restoration Method field is required.',
      'The Restored To field is required.',
      'The Restoration Address field is required.',
      'The comment field is required.',
    ]);
    const ok = {
      ...base,
      centerId: 2,
      restoration_method: 'byvisit',
      restore_to: 'Mother',
      restore_to_address: 'Patna',
    };
    expect(restoreFormSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(restoreFormSchema, { ...ok, documents: [{ tagId: 1 }] })).toBe("Document's Date is required");
    expect(firstMessage(restorationFollowUpFormSchema, { ...ok, documents: [{ doc_date: '2024-01-01' }] })).toBe(
      'Tag Name is required',
    );
  });

  it('Medical: issue required from the 18, documents not checked', () => {
    expect(firstMessage(medicalFormSchema, base)).toBe('The Medical Issue field is required.');
    expect(medicalFormSchema.safeParse({ ...base, medical_issues: 'Fever', documents: [{ tagId: '' }] }).success).toBe(
      true,
    );
    expect(firstMessage(medicalFormSchema, { ...base, medical_issues: 'Flu of the mind' })).toBe(
      'The Medical Issue field is required.',
    );
  });

  it('Education: type required, level optional, documents not checked', () => {
    expect(firstMessage(educationFormSchema, base)).toBe('The Education field is required.');
    expect(educationFormSchema.safeParse({ ...base, education_type: 'formal_school', documents: [{}] }).success).toBe(
      true,
    );
    expect(
      educationFormSchema.parse({ ...base, education_type: 'formal_school', education_level: 'VII' }).education_level,
    ).toBe('VII');
  });

  it('MHP: mhp required, other not checked, session defaults to session_1', () => {
    expect(firstMessage(mhpFormSchema, base)).toBe('The MHP field is required.');
    const parsed = mhpFormSchema.parse({ ...base, mhp: 'Play Therapy', other: 'anything' });
    expect(parsed.session_number).toBe('session_1');
    expect(mhpFormSchema.parse({ ...base, mhp: 'Play Therapy', session_number: 'session_12' }).session_number).toBe(
      'session_12',
    );
  });

  it('Transfer: current center and target center', () => {
    expect(messagesOf(transferFormSchema, base)).toEqual([
      'The Current Center Name field is required.',
      'The Center field is required.',
    ]);
    expect(transferFormSchema.safeParse({ ...base, current_centerId: 2, centerId: '3' }).success).toBe(true);
  });

  it('Escort/Exit: defaults to escort; the method must belong to the type', () => {
    const ok = { ...base, escort_exit_method: 'by_police', escort_exit_to: 'Bihar CWC', escort_exit_address: 'Patna' };
    expect(escortExitFormSchema.parse(ok).exit_type).toBe('escort');
    expect(firstMessage(escortExitFormSchema, { ...ok, escort_exit_method: 'other_ngo' })).toBe(
      'The Exit Method field is required.',
    );
    expect(escortExitFormSchema.safeParse({ ...ok, exit_type: 'exit', escort_exit_method: 'other_ngo' }).success).toBe(
      true,
    );
    expect(messagesOf(escortExitFormSchema, { ...base, exit_type: '' })).toEqual([
      'The Exit Type field is required.',
      'The Exit Method field is required.',
      'The Escort/Exit To field is required.',
      'The Escort/Exit Address field is required.',
    ]);
  });

  it('SPS: Social Protection Scheme is required', () => {
    expect(firstMessage(spsActionFormSchema, { ...base, centerId: 1 })).toBe('Social Protection Scheme is required');
  });

  it('Centers change: Date field', () => {
    expect(messagesOf(centerChangeFormSchema, { childregId: 1 })).toEqual([
      'The Center field is required.',
      'The Date field is required.',
      'The comment field is required.',
    ]);
  });

  it('Follow-Ups: each row needs method, date and comment', () => {
    expect(messagesOf(followUpsFormSchema, { childregId: 1, follow_up_data: [{}] })).toEqual([
      'Follow-Up Method is required',
      'Follow-Up Date is required',
      'Follow-Up Comment is required',
    ]);
    expect(
      followUpsFormSchema.safeParse({
        childregId: 1,
        follow_up_data: [{ restoration_method: 'byemail', transfer_date: '2024-01-01', comment: 'ok' }],
      }).success,
    ).toBe(true);
  });

  it('the registry carries each date label and a save call that exists', () => {
    expect(Object.fromEntries(Object.entries(actionForms).map(([k, v]) => [k, v.dateLabel]))).toMatchObject({
      restore: 'Restoration date',
      restorationFollowUp: 'Restoration follow up date',
      medical: 'Medical Test Date',
      education: 'Educational Date',
      mhp: 'Date',
      transfer: 'Transfer date',
      escortExit: 'Date Of Escort/Exit',
    });
    for (const spec of Object.values(actionForms)) expect(endpoints[spec.save].method).toBe('POST');
  });
});

describe('bulk update', () => {
  it('requires the type field, date and comment', () => {
    expect(messagesOf(bulkUpdateSchema, { type: 'education', bulk: [1, 2] })).toEqual([
      'The Education field is required.',
      'The Date field is required.',
      'The comment field is required.',
    ]);
    expect(firstMessage(bulkUpdateSchema, { type: 'medical', bulk: [1, 2] })).toBe(
      'The Medical Issue field is required.',
    );
    expect(firstMessage(bulkUpdateSchema, { type: 'mhp', bulk: [1, 2] })).toBe('The MHP field is required.');
    expect(firstMessage(bulkUpdateSchema, { type: 'follow-ups', bulk: [1, 2] })).toBe('Follow-Up Method is required');
    expect(firstMessage(bulkUpdateSchema, { type: 'sps', bulk: [1, 2] })).toBe('Social Protection Scheme is required');
    expect(firstMessage(bulkUpdateSchema, { type: 'education', bulk: [] })).toBe('The Child field is required.');
  });
  it('center moves are pairs of child and center', () => {
    expect(
      bulkUpdateSchema.safeParse({
        type: 'center',
        bulk: [
          { childregId: 1, centerId: 3 },
          { childregId: 2, centerId: 3 },
        ],
        date: '2024-01-01',
        comment: 'moved',
      }).success,
    ).toBe(true);
    expect(
      firstMessage(bulkUpdateSchema, { type: 'center', bulk: [{ childregId: 1 }], date: '2024-01-01', comment: 'x' }),
    ).toBe('The Center field is required.');
  });
  it('is offered for more than one selected row', () => {
    expect(canBulkUpdate(1)).toBe(false);
    expect(canBulkUpdate(2)).toBe(true);
  });
});

describe('CWC produce and refer', () => {
  const ok = { centerId: 2, transfer_date: '2024-01-01', comment: 'x', documents: [{ tagId: 3 }] };
  it('only tagId is needed on document rows; at least one row', () => {
    expect(cwcProduceFormSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(cwcProduceFormSchema, { ...ok, documents: [] })).toBe('Documents is required.');
    expect(firstMessage(cwcProduceFormSchema, { ...ok, documents: [{ doc_date: '2024-01-01' }] })).toBe(
      'Tag Name is required',
    );
  });
  it('refer also needs the CWC case number', () => {
    expect(firstMessage(cwcReferFormSchema, ok)).toBe('The CWC Case No. field is required.');
    expect(cwcReferFormSchema.safeParse({ ...ok, cwccaseno: 'CWC/1' }).success).toBe(true);
  });
});
