import { describe, expect, it } from 'vitest';
import { cwcProduceFormSchema, cwcReferFormSchema, dateRangeMessage, messages } from '../../../sync';
import { toCwcWrite, type CwcFormValues } from '../../../src/features/cwc/components/cwc-values';

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
  it('writes documents[i][filename] as files and rows with only their tag', () => {
    const { fields, files } = toCwcWrite('produce', values, 12);
    expect(fields).toEqual({
      centerId: 2,
      transfer_date: '2024-03-01',
      comment: 'Produced',
      documents: [{ tagId: 4 }],
      childregId: 12,
    });
    expect(Object.keys(files)).toEqual(['documents[0][filename]']);
    expect(toCwcWrite('refer', values).fields).toMatchObject({ cwccaseno: 'CWC/7' });
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
