import { describe, expect, it } from 'vitest';
import { cwcProduceFormSchema, cwcReferFormSchema, dateRangeMessage, messages } from '../../../sync';
import type { CwcFormValues } from '../../../src/features/cwc/components/cwc-values';
import { requests } from '../../../sync/entities/writes';

const values: CwcFormValues = {
  centerId: '2',
  cwccaseno: 'CWC/7',
  transfer_date: '2024-03-01',
  comment: ' Produced ',
  documents: [
    {
      tagId: '4',
      doc_date: '',
      filename: new File(['x'], 'order.png', { type: 'image/png' }),
      profile_audio_name: null,
      comment: '',
    },
  ],
};
const first = (schema: typeof cwcProduceFormSchema | typeof cwcReferFormSchema, input: Record<string, unknown>) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('CWC produce and refer forms', () => {
  it('the CWC entities shape the form: documents[i][filename] as files and rows with only their tag', () => {
    const { fields, files, entity, op } = requests.cwcProduce.create({ ...values, childregId: 12 });
    expect([entity, op]).toEqual(['cwcProduce', 'create']);
    expect(fields).toEqual({
      centerId: 2,
      transfer_date: '2024-03-01',
      comment: 'Produced',
      documents: [{ tagId: 4 }],
      childregId: 12,
    });
    expect(Object.keys(files ?? {})).toEqual(['documents[0][filename]']);
    const refer = requests.cwcRefer.update('c-1', values);
    expect([refer.entity, refer.op, refer.cid]).toEqual(['cwcRefer', 'update', 'c-1']);
    expect(refer.fields).toMatchObject({ cwccaseno: 'CWC/7', centerId: 2 });
    // Only a child's server id is written; a cid is left out, as the form did.
    expect(requests.cwcProduce.create({ ...values, childregId: 'cid-1' }).fields).not.toHaveProperty('childregId');
  });

  it('checks fields in screen order with the spec’s messages; a document row needs only its tag', () => {
    const ok = { centerId: '2', transfer_date: '2024-03-01', comment: 'x', documents: [{ tagId: '4' }] };
    expect(first(cwcProduceFormSchema, ok)).toBeNull();
    expect(first(cwcProduceFormSchema, { ...ok, centerId: '' })).toBe('The Center field is required.');
    expect(first(cwcProduceFormSchema, { ...ok, transfer_date: '' })).toBe('The Transfer Date field is required.');
    expect(first(cwcProduceFormSchema, { ...ok, comment: ' ' })).toBe('The comment field is required.');
    expect(first(cwcProduceFormSchema, { ...ok, documents: [] })).toBe(messages.documentsRequired);
    expect(first(cwcProduceFormSchema, { ...ok, documents: [{ tagId: '' }] })).toBe('Tag Name is required');
    expect(first(cwcReferFormSchema, ok)).toBe('The CWC Case No. field is required.');
    expect(first(cwcReferFormSchema, { ...ok, cwccaseno: 'C/1' })).toBeNull();
  });

  it('the list filter gives the three date-range messages', () => {
    expect(dateRangeMessage('2024-01-01', null)).toBe('Select To Date');
    expect(dateRangeMessage(null, '2024-01-01')).toBe('Select From Date');
    expect(dateRangeMessage('2024-02-01', '2024-01-01')).toBe('From Date Should Be Less Than To Date');
    expect(dateRangeMessage('2024-01-01', '2024-02-01')).toBeNull();
  });
});
