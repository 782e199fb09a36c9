import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { currentDb } from '../../../sync/device/session';
import { ChildProfilePage } from '../../../src/features/children';
import { stepProblem } from '../../../src/features/children/hooks/use-save-registration';
import {
  registrationValues,
  type RegistrationValues,
} from '../../../src/features/children/components/registration-values';
import { adminUser, viewerUser } from './factories';
import { expectToast, offlineDevice, renderChildrenAt, teardownDevice } from './helpers';

async function seedLookups() {
  const put = (key: string, data: unknown) => currentDb().lookups.put({ key, data, pulledAt: Date.now() });
  await put('country', [
    { id: 101, name: 'India' },
    { id: 1, name: 'Afghanistan' },
  ]);
  await put('state:101', [
    { id: 10, name: 'Delhi' },
    { id: 11, name: 'Bihar' },
  ]);
  await put('districts:10', [{ id: 100, name: 'New Delhi' }]);
  await put('state:1', [{ id: 20, name: 'Kabul' }]);
  await put('city:20', [{ id: 200, name: 'Kabul City' }]);
  await put('tags_all', [{ id: 1, name: 'Aadhar Card' }]);
  await put('centers_list', [{ id: 3, name: 'Center Three' }]);
}

const png = () => new File([new Uint8Array(10)], 'p.png', { type: 'image/png' });
const step1: Partial<RegistrationValues> = {
  ReferredBy: 'produce',
  short_stay_status: 'no',
  address: 'Near the station',
  countryId: '101',
  stateId: '10',
  district: '100',
  reference_type: 'Self',
};
const values = (patch: Partial<RegistrationValues>): RegistrationValues => ({ ...registrationValues(null), ...patch });

describe('wizard checks per step, verbatim (spec part 1, section 5)', () => {
  const cases: [number, Partial<RegistrationValues>, string][] = [
    [0, {}, 'Name is required'],
    [0, { name: 'Asha' }, 'Date of Arrival is required'],
    [0, { name: 'Asha', dateofarrival: '2024-03-05' }, 'Gender is required'],
    [1, {}, 'Reffered By is required'],
    [1, { ...step1, ReferredBy: 'refer' }, 'CWC Case No. is required'],
    [1, { ...step1, short_stay_status: '' }, 'Short Stay is required'],
    [1, { ...step1, short_stay_status: 'yes' }, 'SBT Home is required'],
    [1, { ...step1, aadharno: '1234' }, 'Please Enter Valid Aadhar No.'],
    [1, { ...step1, mobileno: '12345' }, 'Phone number must be of 10 digits'],
    [1, { ...step1, phoneno: '12345abcde' }, 'Please enter valid phone number'],
    [1, { ...step1, address: ' ' }, 'Address is required'],
    [1, { ...step1, stateId: '' }, 'State is required'],
    [1, { ...step1, district: '' }, 'District is required'],
    [1, { ...step1, countryId: '1', stateId: '20', district: '' }, 'City is required'],
    [1, { ...step1, reference_type: '' }, 'Reference By is required'],
    [1, { ...step1, reference_type: 'Out Reach' }, 'Reference Details is required'],
    [1, { ...step1, reference_type: 'Police' }, 'Daily Report No. is required'],
    [1, { ...step1, reference_type: 'Police', daily_report_no: '7' }, 'Produced By is required'],
    [
      1,
      { ...step1, reference_type: 'Police', daily_report_no: '7', police_produced_by: 'SI' },
      'Police Station is required',
    ],
    [1, { ...step1, reference_type: 'Others' }, 'Other Detail is required'],
    [
      2,
      { documents: [{ tagId: '', doc_date: '', filename: null, profile_audio_name: null, comment: '' }] },
      'Tag Name is required',
    ],
    [
      2,
      { documents: [{ tagId: '1', doc_date: '', filename: null, profile_audio_name: null, comment: '' }] },
      "Document's Date is required",
    ],
    [
      2,
      {
        documents: [
          {
            tagId: '1',
            doc_date: '2024-01-01',
            filename: new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
            profile_audio_name: null,
            comment: '',
          },
        ],
      },
      'File can be uploaded, with up to 5 MB size.',
    ],
    [3, { dob: '2024-02-31' }, 'Invalid Date'],
  ];
  for (const [i, [step, patch, message]] of cases.entries()) {
    it(`step ${step}, case ${i + 1}: ${message}`, () => {
      expect(stepProblem(step, values(patch))?.message).toBe(message);
    });
  }
  it('an all-center user chooses a Center Name: a blank one is not quietly the head office; a center-bound user has theirs', () => {
    const basic = values({ name: 'Asha', dateofarrival: '2024-03-05', gender: 'Female' });
    expect(stepProblem(0, basic, 1)).toEqual({ field: 'centerdetailId', message: 'Center Name is required' });
    expect(stepProblem(0, { ...basic, centerdetailId: '3' }, 1)).toBeNull();
    expect(stepProblem(0, basic, 3)).toBeNull();
  });

  it('a passing step has no problem', () => {
    expect(stepProblem(1, values(step1))).toBeNull();
    expect(stepProblem(1, values({ ...step1, countryId: '1', stateId: '20', district: '', cityId: '200' }))).toBeNull();
  });
});

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

type User = ReturnType<typeof userEvent.setup>;

/** The first step passed with a name, a date, a gender, a center and a photo. */
async function fillBasics(user: User) {
  await screen.findByRole('button', { name: 'Next' });
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Meena');
  await user.type(screen.getByRole('textbox', { name: 'Date of Arrival' }), '05-03-2024');
  await pick('Gender', 'Female');
  await pick('Center Name', 'Center Three');
  await user.upload(
    screen.getByTestId('profile-image').parentElement!.querySelector('input[type="file"]') ??
      document.querySelector('input[type="file"]')!,
    png(),
  );
  await next();
  await screen.findByRole('textbox', { name: 'CWC Action' });
}

/** The second and third steps passed, as a referral brought by the police to Delhi. */
async function fillFamily(user: User) {
  await pick('CWC Action', 'Refer from CWC');
  await user.type(screen.getByRole('textbox', { name: 'CWC Case No.' }), 'CWC/77');
  await pick('Short Stay', 'No');
  await user.type(screen.getByRole('textbox', { name: 'Mobile No.' }), '9876543210');
  await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Platform 4');
  await pick('State', 'Delhi');
  await pick('District', 'New Delhi');
  await pick('Reference By', 'Police');
  await next();
  await user.type(await screen.findByRole('textbox', { name: 'Daily Report No.' }), '12');
  await user.type(screen.getByRole('textbox', { name: 'Produced By' }), 'SI Rao');
  await user.type(screen.getByRole('textbox', { name: 'Police Station' }), 'Kotwali');
  await next();
}

describe('/child-registration/profile: new registration wizard', () => {
  beforeEach(async () => {
    await offlineDevice(adminUser);
    await seedLookups();
  });
  afterEach(teardownDevice);

  it('leaves a step only when it passes, the failing field marked, and opens only the tabs reached', async () => {
    renderChildrenAt('/child-registration/profile', <ChildProfilePage />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Next' });
    await user.click(screen.getByRole('button', { name: /Documents/ }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();

    await next();
    await expectToast('Name is required');
    // Marked on the field as well: invalid, its message under it, focused (until the next Next).
    const nameBox = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(nameBox).toHaveAttribute('aria-invalid', 'true'));
    expect(nameBox).toHaveAccessibleDescription('Name is required');
    expect(nameBox).toHaveFocus();
    await user.type(nameBox, '   Meena');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Meena');
    await user.type(screen.getByRole('textbox', { name: 'Date of Arrival' }), '05-03-2024');
    await next();
    await expectToast('Gender is required');
    await pick('Gender', 'Female');
    await pick('Center Name', 'Center Three');
    await next();
    await screen.findByRole('textbox', { name: 'CWC Action' });
  }, 60_000);

  it('the second step refuses its first failing field and resets the fields that depend on another', async () => {
    renderChildrenAt('/child-registration/profile', <ChildProfilePage />);
    const user = userEvent.setup();
    await fillBasics(user);

    await next();
    await expectToast('Reffered By is required');
    await pick('CWC Action', 'Refer from CWC');
    await user.type(screen.getByRole('textbox', { name: 'CWC Case No.' }), 'CWC/77');
    await pick('Short Stay', 'Yes');
    await pick('SBT Home', 'Apna Ghar');
    await pick('Short Stay', 'No');
    expect(screen.queryByRole('textbox', { name: 'SBT Home' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Mobile No.' }), '98a76-54321 0');
    expect(screen.getByRole('textbox', { name: 'Mobile No.' })).toHaveValue('9876543210');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Platform 4');
    await pick('State', 'Delhi');
    await pick('District', 'New Delhi');
    await pick('Country', 'Afghanistan');
    expect(screen.getByRole('textbox', { name: 'State' })).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'District' })).not.toBeInTheDocument();
    await pick('State', 'Kabul');
    await pick('City', 'Kabul City');
    await pick('Country', 'India');
    await pick('State', 'Delhi');
    await pick('District', 'New Delhi');
    await pick('Reference By', 'Police');
    await next();
    await expectToast('Daily Report No. is required');
    await user.type(screen.getByRole('textbox', { name: 'Daily Report No.' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Produced By' }), 'SI Rao');
    await user.type(screen.getByRole('textbox', { name: 'Police Station' }), 'Kotwali');
    await next();
    await screen.findByRole('button', { name: 'Add Document' });
  }, 60_000);

  it('a second document row waits for the first to be complete, and Finish saves offline, the document an entry of its own', async () => {
    const { router } = renderChildrenAt('/child-registration/profile', <ChildProfilePage />);
    const user = userEvent.setup();
    await fillBasics(user);
    await fillFamily(user);

    const add = await screen.findByRole('button', { name: 'Add Document' });
    await user.click(add);
    const row = screen.getByRole('group', { name: 'Document 1' });
    await next();
    await expectToast('Tag Name is required');
    // A second row is refused until the first has a tag, a date and a file (at most 3 toasts show at once).
    act(() => notifications.clean());
    await user.click(add);
    await expectToast('Tag Name is required');
    await user.click(within(row).getByRole('textbox', { name: 'Tag Name' }));
    await user.click(await screen.findByRole('option', { name: 'Aadhar Card', hidden: true }));
    await user.click(add);
    await expectToast("Document's Date is required");
    await user.type(within(row).getByRole('textbox', { name: "Document's Date" }), '01-03-2024');
    act(() => notifications.clean());
    await user.click(add);
    await expectToast('Documents is required.');
    expect(screen.queryByRole('group', { name: 'Document 2' })).not.toBeInTheDocument();
    await user.upload(
      within(row).getByTestId('document-file').parentElement!.querySelector('input[type="file"]') ??
        row.querySelector('input[type="file"]')!,
      png(),
    );
    await user.click(add);
    await user.click(
      within(await screen.findByRole('group', { name: 'Document 2' })).getByRole('button', {
        name: 'Remove document 2',
      }),
    );
    await next();

    await user.type(await screen.findByRole('textbox', { name: 'Age' }), '12.5.1y');
    expect(screen.getByRole('textbox', { name: 'Age' })).toHaveValue('12.51');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/child-registration'));

    const saved = await currentDb()
      .entity('children')
      .filter((child) => child.name === 'Meena')
      .first();
    expect(saved).toMatchObject({
      _sync: 'pending',
      gender: 'Female',
      dateofarrival: '2024-03-05',
      centerdetailId: 3,
      ReferredBy: 'refer',
      cwccaseno: 'CWC/77',
      short_stay_status: 'no',
      mobileno: '9876543210',
      countryId: 101,
      stateId: 10,
      district: 100,
      reference_type: 'Police',
      age: '12.51',
    });
    expect(saved?.short_stay).toBeUndefined();
    expect(saved?.documents).toBeUndefined();
    expect(String(saved?.image)).toMatch(/^local-file:/);
    // The document is its own entry, waiting for the child's create (R6), its file kept as a Blob.
    const [doc] = await currentDb().entity('documents').toArray();
    expect(doc).toMatchObject({
      childregId: saved!.cid,
      tagId: 1,
      doc_date: '2024-03-01',
      status: 1,
      _sync: 'pending',
    });
    expect(String(doc?.filename)).toMatch(/^local-file:/);
    expect(await currentDb().files.count()).toBe(2);
    const outbox = await currentDb().outbox.orderBy('seq').toArray();
    expect(outbox.map((e) => [e.entity, e.op])).toEqual([
      ['children', 'create'],
      ['documents', 'create'],
    ]);
    expect(outbox[1]!.dependsOn).toEqual([saved!.cid]);
  }, 60_000);

  it('a viewer without create permission is sent back to the list', async () => {
    await teardownDevice();
    await offlineDevice(viewerUser);
    const { router } = renderChildrenAt('/child-registration/profile', <ChildProfilePage />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/child-registration'));
  });
});
