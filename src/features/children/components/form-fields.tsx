import { FileInput, Select, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller, useFormContext } from 'react-hook-form';
import { dateFormats, fieldsClearedBy, normaliseInput, uploadLimits } from '../../../../sync';
import { parseTypedDate } from '../../../lib/dates';
import type { RegistrationTextField, RegistrationValues } from './registration-values';

type Base = { name: RegistrationTextField; label: string; required?: boolean; readOnly?: boolean };
type Option = { readonly value: string; readonly label: string };

/** Sets a field and clears the fields its change resets (spec part 1, section 4). */
function useSetWithResets() {
  const form = useFormContext<RegistrationValues>();
  return (name: RegistrationTextField, value: string) => {
    form.setValue(name, value, { shouldDirty: true });
    for (const cleared of fieldsClearedBy(name, value))
      form.setValue(cleared as RegistrationTextField, '', { shouldDirty: true });
  };
}

/** A text input with the spec's normalisation (digits only, leading spaces trimmed). */
export function TextField({ name, label, required, readOnly, multiline }: Base & { multiline?: boolean }) {
  const { control } = useFormContext<RegistrationValues>();
  const Input = multiline ? Textarea : TextInput;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Input
          label={label}
          withAsterisk={required}
          size="md"
          error={fieldState.error?.message}
          ref={field.ref}
          readOnly={readOnly}
          value={field.value}
          onChange={(e) => {
            field.onChange(normaliseInput(name, e.currentTarget.value));
          }}
          inputMode={/^(mobileno|phoneno|aadharno|pincode|income|no_sibling)$/.test(name) ? 'numeric' : undefined}
        />
      )}
    />
  );
}

export function SelectField({ name, label, required, readOnly, data }: Base & { data: readonly Option[] }) {
  const { control } = useFormContext<RegistrationValues>();
  const set = useSetWithResets();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          withAsterisk={required}
          size="md"
          error={fieldState.error?.message}
          ref={field.ref}
          readOnly={readOnly}
          data={data}
          searchable
          value={field.value || null}
          onChange={(v) => {
            set(name, v ?? '');
          }}
        />
      )}
    />
  );
}

export function DateField({ name, label, required, readOnly }: Base) {
  const { control } = useFormContext<RegistrationValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <DateInput
          label={label}
          withAsterisk={required}
          size="md"
          error={fieldState.error?.message}
          ref={field.ref}
          readOnly={readOnly}
          valueFormat={dateFormats.display}
          placeholder={dateFormats.display}
          dateParser={parseTypedDate}
          maxDate={new Date()}
          value={field.value || null}
          onChange={(v) => {
            field.onChange(v ?? '');
          }}
        />
      )}
    />
  );
}

export function ImageField({ label, readOnly }: { label: string; readOnly?: boolean }) {
  const { control } = useFormContext<RegistrationValues>();
  return (
    <Controller
      name="image"
      control={control}
      render={({ field, fieldState }) => (
        <FileInput
          label={label}
          size="md"
          error={fieldState.error?.message}
          ref={field.ref}
          accept={uploadLimits.imageAccept}
          description="JPG, JPEG, PNG, up to 4 MB"
          readOnly={readOnly}
          value={field.value instanceof File ? field.value : null}
          placeholder={typeof field.value === 'string' ? 'Photo kept' : 'Choose a photo'}
          onChange={(file) => {
            field.onChange(file);
          }}
          clearable
          data-testid="profile-image"
        />
      )}
    />
  );
}
