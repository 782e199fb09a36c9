import { describe, expect, it } from 'vitest';
import {
  addDocumentRowProblem,
  canAddDocumentRow,
  childRegistrationSchema,
  cwcState,
  fieldsClearedBy,
  quickAddSchema,
  registrationStep0Schema,
  registrationStep1Schema,
  registrationStep2Schema,
  registrationStep3Schema,
  registrationStepOf,
  showsCityInsteadOfDistrict,
} from '../../../sync/contract';
import { file, firstMessage, messagesOf } from './helpers';

const photo = file('photo.jpg', 1000, 'image/jpeg');
const quick = {
  name: 'Ravi',
  gender: 'Male',
  dateofarrival: '2024-05-01',
  image: photo,
  ReferredBy: 'produce',
  centerdetailId: '4',
};

describe('quick add (part 1, section 5)', () => {
  // Spec part 1, section 5: "Name, gender, arrival date and image are required."
  it('checks every field in screen order; name, gender, arrival date and image are required', () => {
    expect(messagesOf(quickAddSchema, {})).toEqual([
      'Name is required',
      'Gender is required',
      'Date of Arrival is required',
      'Image is required',
    ]);
  });
  it("ReferredBy and the center are optional (not in the spec's required list)", () => {
    const { ReferredBy: _r, centerdetailId: _c, ...bare } = quick;
    expect(quickAddSchema.safeParse(bare).success).toBe(true);
    expect(quickAddSchema.safeParse({ ...bare, ReferredBy: '', centerdetailId: '' }).success).toBe(true);
    expect(messagesOf(quickAddSchema, { ...bare, ReferredBy: 'bogus' })).toHaveLength(1);
  });
  it('Name is required, also when blank', () => {
    expect(firstMessage(quickAddSchema, { ...quick, name: '   ' })).toBe('Name is required');
  });
  it('Image is required, with size and type checks', () => {
    expect(firstMessage(quickAddSchema, { ...quick, image: undefined })).toBe('Image is required');
    expect(firstMessage(quickAddSchema, { ...quick, image: file('p.png', 6 * 1024 * 1024, 'image/png') })).toBe(
      'The Image must not be greater than 5 mb',
    );
  });
  it('cwccaseno only when ReferredBy is refer, and in its screen place', () => {
    expect(quickAddSchema.safeParse(quick).success).toBe(true);
    expect(messagesOf(quickAddSchema, { ...quick, ReferredBy: 'refer' })).toEqual(['CWC Case No. is required']);
    expect(messagesOf(quickAddSchema, { ...quick, ReferredBy: 'refer', centerdetailId: '' })).toEqual([
      'CWC Case No. is required',
    ]);
    expect(quickAddSchema.safeParse({ ...quick, ReferredBy: 'refer', cwccaseno: 'CWC/12' }).success).toBe(true);
  });
  it('rejects an invalid date and parses ids from strings', () => {
    expect(firstMessage(quickAddSchema, { ...quick, dateofarrival: '2024-02-31' })).toBe('Invalid Date');
    expect(quickAddSchema.parse(quick).centerdetailId).toBe(4);
  });
});

const step1 = {
  ReferredBy: 'produce',
  short_stay_status: 'no',
  address: 'Paharganj',
  countryId: 101,
  stateId: 10,
  district: 5,
  reference_type: 'Self',
};

describe('registration wizard', () => {
  it('step 0 requires name, dateofarrival, gender', () => {
    expect(messagesOf(registrationStep0Schema, {})).toEqual([
      'Name is required',
      'Date of Arrival is required',
      'Gender is required',
    ]);
    expect(
      registrationStep0Schema.safeParse({ name: 'A', dateofarrival: '2024-01-01', gender: 'Female' }).success,
    ).toBe(true);
    expect(
      registrationStep0Schema.safeParse({ name: 'A', dateofarrival: '2024-01-01', gender: 'Female', image: 'kept.png' })
        .success,
    ).toBe(true);
  });

  it('step 1 starts with Reffered By', () => {
    expect(firstMessage(registrationStep1Schema, {})).toBe('Reffered By is required');
    expect(registrationStep1Schema.safeParse(step1).success).toBe(true);
  });

  it('step 1: cwccaseno when refer, before later failures', () => {
    expect(messagesOf(registrationStep1Schema, { ...step1, ReferredBy: 'refer', short_stay_status: '' })).toEqual([
      'CWC Case No. is required',
      'Short Stay is required',
    ]);
  });

  it('step 1: short stay required; home required when yes', () => {
    expect(firstMessage(registrationStep1Schema, { ...step1, short_stay_status: undefined })).toBe(
      'Short Stay is required',
    );
    expect(firstMessage(registrationStep1Schema, { ...step1, short_stay_status: 'yes' })).toBe('SBT Home is required');
    expect(
      registrationStep1Schema.safeParse({ ...step1, short_stay_status: 'yes', short_stay: 'Other Homes' }).success,
    ).toBe(true);
  });

  it('step 1: aadhar, mobile and alternate phone optional but checked', () => {
    expect(firstMessage(registrationStep1Schema, { ...step1, aadharno: '123' })).toBe('Please Enter Valid Aadhar No.');
    expect(firstMessage(registrationStep1Schema, { ...step1, mobileno: '98x' })).toBe(
      'Please enter valid phone number',
    );
    expect(firstMessage(registrationStep1Schema, { ...step1, phoneno: '98765' })).toBe(
      'Phone number must be of 10 digits',
    );
    expect(registrationStep1Schema.safeParse({ ...step1, aadharno: '', mobileno: '', phoneno: '' }).success).toBe(true);
  });

  it('step 1: other missing fields show {label} is required', () => {
    expect(messagesOf(registrationStep1Schema, { ...step1, address: '', stateId: '', district: undefined })).toEqual([
      'Address is required',
      'State is required',
      'District is required',
    ]);
    expect(firstMessage(registrationStep1Schema, { ...step1, countryId: 14, district: undefined })).toBe(
      'City is required',
    );
    expect(firstMessage(registrationStep1Schema, { ...step1, reference_type: '' })).toBe('Reference By is required');
  });

  it('step 1: reference details by reference type', () => {
    expect(firstMessage(registrationStep1Schema, { ...step1, reference_type: 'Child Helpline' })).toBe(
      'Reference Details is required',
    );
    expect(firstMessage(registrationStep1Schema, { ...step1, reference_type: 'Out Reach' })).toBe(
      'Reference Details is required',
    );
    expect(messagesOf(registrationStep1Schema, { ...step1, reference_type: 'Police' })).toEqual([
      'Daily Report No. is required',
      'Produced By is required',
      'Police Station is required',
    ]);
    expect(firstMessage(registrationStep1Schema, { ...step1, reference_type: 'Others' })).toBe(
      'Other Detail is required',
    );
    expect(
      registrationStep1Schema.safeParse({
        ...step1,
        reference_type: 'Police',
        daily_report_no: 'DD 12',
        police_produced_by: 'SI Kumar',
        police_station: 'Kamla Market',
      }).success,
    ).toBe(true);
  });

  it('step 2: each document row needs a tag and a date', () => {
    expect(registrationStep2Schema.safeParse({ documents: [] }).success).toBe(true);
    expect(messagesOf(registrationStep2Schema, { documents: [{ tagId: '', doc_date: '' }] })).toEqual([
      'Tag Name is required',
      "Document's Date is required",
    ]);
    expect(
      registrationStep2Schema.safeParse({
        documents: [{ tagId: '2', doc_date: '2024-01-01', filename: file('a.png', 10, 'image/png') }],
      }).success,
    ).toBe(true);
  });

  it('step 3: optional details, digits checked', () => {
    expect(registrationStep3Schema.safeParse({}).success).toBe(true);
    expect(registrationStep3Schema.safeParse({ age: '12.5', income: '3000', no_sibling: '2' }).success).toBe(true);
    expect(firstMessage(registrationStep3Schema, { age: 'ten' })).toBe('Age must be a number');
    expect(firstMessage(registrationStep3Schema, { dob: '2024-02-30' })).toBe('Invalid Date');
  });

  it('the full registration is the steps together, in step order', () => {
    expect(firstMessage(childRegistrationSchema, { ...step1, ReferredBy: '' })).toBe('Name is required');
    expect(
      childRegistrationSchema.safeParse({ name: 'A', dateofarrival: '2024-01-01', gender: 'Male', ...step1 }).success,
    ).toBe(true);
    expect(registrationStepOf('documents.0.tagId')).toBe(2);
    expect(registrationStepOf('cwccaseno')).toBe(1);
    expect(registrationStepOf('gender')).toBe(0);
    expect(registrationStepOf('f_name')).toBe(3);
  });

  it('field resets of section 4', () => {
    expect(fieldsClearedBy('short_stay_status', 'no')).toEqual(['short_stay']);
    expect(fieldsClearedBy('short_stay_status', 'yes')).toEqual([]);
    expect(fieldsClearedBy('countryId', 14)).toEqual(['stateId', 'cityId', 'district']);
    expect(fieldsClearedBy('stateId', 3)).toEqual(['cityId', 'district']);
    expect(showsCityInsteadOfDistrict(101)).toBe(false);
    expect(showsCityInsteadOfDistrict('14')).toBe(true);
  });
});

describe('document rows', () => {
  const complete = { tagId: 1, doc_date: '2024-01-01', filename: photo };
  it('a row can be added only when every row has tag, date and file', () => {
    expect(canAddDocumentRow([])).toBe(true);
    expect(canAddDocumentRow([complete])).toBe(true);
    expect(canAddDocumentRow([complete, { ...complete, filename: undefined }])).toBe(false);
    expect(canAddDocumentRow([{ ...complete, tagId: '' }])).toBe(false);
    expect(canAddDocumentRow([{ ...complete, doc_date: '' }])).toBe(false);
    expect(canAddDocumentRow([{ ...complete, filename: 'stored.png' }])).toBe(true);
  });

  it('on the CWC add pages a row needs only its tag before another is added', () => {
    const tagged = { tagId: 3, doc_date: '', filename: undefined };
    expect(canAddDocumentRow([tagged, tagged], 'tagOnly')).toBe(true);
    expect(addDocumentRowProblem([tagged], 'tagOnly')).toBeNull();
    expect(addDocumentRowProblem([tagged, { ...tagged, tagId: '' }], 'tagOnly')).toBe('Tag Name is required');
    expect(addDocumentRowProblem([tagged])).toBe("Document's Date is required");
  });
});

describe('child CWC state', () => {
  it('shows Produced to CWC, Referred from CWC or New Corner', () => {
    expect(cwcState({ produce_cwc: 1, refer_cwc: 0 })).toBe('Produced to CWC');
    expect(cwcState({ produce_cwc: false, refer_cwc: true })).toBe('Referred from CWC');
    expect(cwcState({ produce_cwc: null, refer_cwc: null })).toBe('New Corner');
  });
});
