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

/** Step 1: basic info. Each field's label is the contract's (recordFieldLabels), shown by form-fields.tsx. */
export function BasicInfoStep({ readOnly }: { readOnly?: boolean }) {
  const user = useUser();
  const centers = useCenters().map((c) => ({ value: String(c.id), label: c.name }));
  const [name, image] = useWatch<RegistrationValues, ['name', 'image']>({ name: ['name', 'image'] });
  return (
    <Stack>
      {typeof image === 'string' && <ChildPhoto image={image} name={name} size={96} />}
      <SimpleGrid cols={grid}>
        <TextField name="name" required readOnly={readOnly} />
        <DateField name="dateofarrival" required readOnly={readOnly} />
        <SelectField name="gender" data={genders} required readOnly={readOnly} />
        <SelectField
          name="centerdetailId"
          data={centers}
          names
          required={canChooseCenter(user.centerId)}
          readOnly={readOnly || !canChooseCenter(user.centerId)}
        />
        <ImageField readOnly={readOnly} />
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
      <SelectField name="ReferredBy" data={referredByOptions} required readOnly={readOnly} />
      <TextField name="cwccaseno" required={referredBy === 'refer'} readOnly={readOnly} />
      <SelectField name="short_stay_status" data={yesNo} required readOnly={readOnly} />
      {shortStay === 'yes' && (
        <SelectField name="short_stay" data={shortStayHomes} names required readOnly={readOnly} />
      )}
      <TextField name="aadharno" readOnly={readOnly} />
      <TextField name="mobileno" readOnly={readOnly} />
      <TextField name="phoneno" readOnly={readOnly} />
      <TextField name="address" required readOnly={readOnly} />
      <SelectField name="countryId" data={countries} names required readOnly={readOnly} />
      <SelectField name="stateId" data={states} names required readOnly={readOnly} />
      {cityInstead ? (
        <SelectField name="cityId" data={cities} names required readOnly={readOnly} />
      ) : (
        <SelectField name="district" data={districts} names required readOnly={readOnly} />
      )}
      <TextField name="pincode" readOnly={readOnly} />
      <SelectField name="reference_type" data={referenceByOptions} required readOnly={readOnly} />
      {needsDetails && <TextField name="otherref" required readOnly={readOnly} />}
      {referenceType === 'Police' && (
        <>
          <TextField name="daily_report_no" required readOnly={readOnly} />
          <TextField name="police_produced_by" required readOnly={readOnly} />
          <TextField name="police_station" required readOnly={readOnly} />
        </>
      )}
      {referenceType === 'Others' && <TextField name="reference_type_other" required readOnly={readOnly} />}
      <TextField name="breif" multiline readOnly={readOnly} />
      <TextField name="circumstance_of_rescue" multiline readOnly={readOnly} />
      <TextField name="comments" multiline readOnly={readOnly} />
      <TextField name="jamatalashi" readOnly={readOnly} />
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
      <SelectField name="family_touch" data={yesNo} readOnly={readOnly} />
      <TextField name="f_name" readOnly={readOnly} />
      <TextField name="m_name" readOnly={readOnly} />
      <TextField name="occupation" readOnly={readOnly} />
      <TextField name="income" readOnly={readOnly} />
      <TextField name="no_sibling" readOnly={readOnly} />
      <TextField name="age" readOnly={readOnly} />
      <DateField name="dob" readOnly={readOnly} />
      <TextField name="caste" readOnly={readOnly} />
      <SelectField name="educationbefore" data={educationBeforeOptions} readOnly={readOnly} />
      <SelectField name="case_type" data={caseTypes} readOnly={readOnly} />
      <TextField name="status_of_beneficiaries" readOnly={readOnly} />
      <TextField name="period_street" readOnly={readOnly} />
      <TextField name="occupation_on_street" readOnly={readOnly} />
      <TextField name="contacted_through_referred_found" readOnly={readOnly} />
      <TextField name="action_data" multiline readOnly={readOnly} />
    </SimpleGrid>
  );
}
