import { SimpleGrid, Stack } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  canChooseCenter,
  caseTypes,
  educationBeforeOptions,
  genders,
  referenceByOptions,
  referenceTypesNeedingDetails,
  referredByOptions,
  shortStayHomes,
  showsCityInsteadOfDistrict,
  yesNo,
} from '../../../../sync';
import { FileRows } from '../../../components/file-rows';
import { useUser } from '../../../lib/use-store';

import { useGeoOptions } from '../hooks/use-lookups';
import { DateField, ImageField, SelectField, TextField } from './form-fields';
import { ChildPhoto } from './child-photo';
import { ChildDocumentList } from './child-documents';
import type { DocumentChild } from '../hooks/save-documents';
import { emptyDocumentRow, type RegistrationValues } from './registration-values';
import { useCenters, useTagSelect } from '../../../lib/use-lookups';

const grid = { base: 1, xs: 2 } as const;

/** Step 1: basic info. */
export function BasicInfoStep({ readOnly }: { readOnly?: boolean }) {
  const user = useUser();
  const centers = useCenters().map((c) => ({ value: String(c.id), label: c.name }));
  const [name, image] = useWatch<RegistrationValues, ['name', 'image']>({ name: ['name', 'image'] });
  return (
    <Stack>
      {typeof image === 'string' && <ChildPhoto image={image} name={name} size={96} />}
      <SimpleGrid cols={grid}>
        <TextField name="name" label="Name" required readOnly={readOnly} />
        <DateField name="dateofarrival" label="Date of Arrival" required readOnly={readOnly} />
        <SelectField name="gender" label="Gender" data={genders} required readOnly={readOnly} />
        <SelectField
          name="centerdetailId"
          label="Center Name"
          data={centers}
          required={canChooseCenter(user.centerId)}
          readOnly={readOnly || !canChooseCenter(user.centerId)}
        />
        <ImageField label="Profile Picture" readOnly={readOnly} />
      </SimpleGrid>
    </Stack>
  );
}

/** Step 2: CWC action, contact, location and the reference block. */
export function CaseDetailsStep({ readOnly }: { readOnly?: boolean }) {
  const [referredBy, shortStay, countryId, stateId, referenceType] = useWatch<
    RegistrationValues,
    ['ReferredBy', 'short_stay_status', 'countryId', 'stateId', 'reference_type']
  >({
    name: ['ReferredBy', 'short_stay_status', 'countryId', 'stateId', 'reference_type'],
  });
  const countries = useGeoOptions('country');
  const states = useGeoOptions('state', countryId || null);
  const cities = useGeoOptions('city', stateId || null);
  const districts = useGeoOptions('districts', stateId || null);
  const cityInstead = showsCityInsteadOfDistrict(countryId);
  const needsDetails = (referenceTypesNeedingDetails as readonly string[]).includes(referenceType);
  return (
    <SimpleGrid cols={grid}>
      <SelectField name="ReferredBy" label="CWC Action" data={referredByOptions} required readOnly={readOnly} />
      <TextField name="cwccaseno" label="CWC Case No." required={referredBy === 'refer'} readOnly={readOnly} />
      <SelectField name="short_stay_status" label="Short Stay" data={yesNo} required readOnly={readOnly} />
      {shortStay === 'yes' && (
        <SelectField name="short_stay" label="SBT Home" data={shortStayHomes} required readOnly={readOnly} />
      )}
      <TextField name="aadharno" label="Aadhar No." readOnly={readOnly} />
      <TextField name="mobileno" label="Mobile No." readOnly={readOnly} />
      <TextField name="phoneno" label="Alternate Phone No." readOnly={readOnly} />
      <TextField name="address" label="Address" required readOnly={readOnly} />
      <SelectField name="countryId" label="Country" data={countries} required readOnly={readOnly} />
      <SelectField name="stateId" label="State" data={states} required readOnly={readOnly} />
      {cityInstead ? (
        <SelectField name="cityId" label="City" data={cities} required readOnly={readOnly} />
      ) : (
        <SelectField name="district" label="District" data={districts} required readOnly={readOnly} />
      )}
      <TextField name="pincode" label="Pincode" readOnly={readOnly} />
      <SelectField name="reference_type" label="Reference By" data={referenceByOptions} required readOnly={readOnly} />
      {needsDetails && <TextField name="otherref" label="Reference Details" required readOnly={readOnly} />}
      {referenceType === 'Police' && (
        <>
          <TextField name="daily_report_no" label="Daily Report No." required readOnly={readOnly} />
          <TextField name="police_produced_by" label="Produced By" required readOnly={readOnly} />
          <TextField name="police_station" label="Police Station" required readOnly={readOnly} />
        </>
      )}
      {referenceType === 'Others' && (
        <TextField name="reference_type_other" label="Other Detail" required readOnly={readOnly} />
      )}
      <TextField name="breif" label="Brief" multiline readOnly={readOnly} />
      <TextField name="circumstance_of_rescue" label="Circumstance of Rescue" multiline readOnly={readOnly} />
      <TextField name="comments" label="Comments" multiline readOnly={readOnly} />
      <TextField name="jamatalashi" label="Jamatalashi" readOnly={readOnly} />
    </SimpleGrid>
  );
}

/** Step 3: documents as repeatable rows; when editing, the child's stored documents above the new rows. */
export function DocumentsStep({ child }: { child?: DocumentChild | null }) {
  const form = useFormContext<RegistrationValues>();
  const rows = useWatch<RegistrationValues, 'documents'>({ name: 'documents' });
  const tags = useTagSelect();
  return (
    <Stack>
      {child && <ChildDocumentList child={child} editing />}
      <FileRows
        rows={rows}
        tags={tags}
        newRow={emptyDocumentRow}
        onChange={(next) => form.setValue('documents', next, { shouldDirty: true })}
      />
    </Stack>
  );
}

/** Step 4: family and case details, all optional. */
export function AdditionalInfoStep({ readOnly }: { readOnly?: boolean }) {
  return (
    <SimpleGrid cols={grid}>
      <SelectField name="family_touch" label="In Touch With Family" data={yesNo} readOnly={readOnly} />
      <TextField name="f_name" label="Father Name" readOnly={readOnly} />
      <TextField name="m_name" label="Mother Name" readOnly={readOnly} />
      <TextField name="occupation" label="Occupation" readOnly={readOnly} />
      <TextField name="income" label="Income" readOnly={readOnly} />
      <TextField name="no_sibling" label="No. of Siblings" readOnly={readOnly} />
      <TextField name="age" label="Age" readOnly={readOnly} />
      <DateField name="dob" label="Date of Birth" readOnly={readOnly} />
      <TextField name="caste" label="Caste" readOnly={readOnly} />
      <SelectField
        name="educationbefore"
        label="Education Before Entering"
        data={educationBeforeOptions}
        readOnly={readOnly}
      />
      <SelectField name="case_type" label="Case Category" data={caseTypes} readOnly={readOnly} />
      <TextField name="status_of_beneficiaries" label="Status of Beneficiary" readOnly={readOnly} />
      <TextField name="period_street" label="Period on Street" readOnly={readOnly} />
      <TextField name="occupation_on_street" label="Occupation on Street" readOnly={readOnly} />
      <TextField name="contacted_through_referred_found" label="Contacted Through" readOnly={readOnly} />
      <TextField name="action_data" label="Action Taken" multiline readOnly={readOnly} />
    </SimpleGrid>
  );
}
