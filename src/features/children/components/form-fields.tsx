import { FileInput, Select, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller, useFormContext } from 'react-hook-form';
import { dateFormats, fieldsClearedBy, normaliseInput, recordFieldLabel, uploadLimits } from '../../../../sync';
import { useT } from '../../../lib/i18n';
import { parseTypedDate } from '../../../lib/dates';
import type { RegistrationTextField, RegistrationValues } from './registration-values';

type Base = { name: RegistrationTextField; required?: boolean; readOnly?: boolean };
type Option = { readonly value: string; readonly label: string };

/**
 * A registration field's words in the language shown: its label is the contract's
 * (recordFieldLabels, the form's labels verbatim) and its error a contract message.
 */
function useFieldWords(name: RegistrationTextField) {
  const { label, message } = useT();
  return {
    label: label(recordFieldLabel(name)),
    error: (text: string | undefined) => (text ? message(text) : text),
    options: (data: readonly Option[]) => data.map((o) => ({ value: o.value, label: label(o.label) })),
  };
}

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
export function TextField({ name, required, readOnly, multiline }: Base & { multiline?: boolean }) {
  const { control } = useFormContext<RegistrationValues>();
  const { label, error } = useFieldWords(name);
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
          error={error(fieldState.error?.message)}
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

/** A select of contract options (shown in the language shown); `data` of names (centers, places) shows as it is. */
export function SelectField({
  name,
  required,
  readOnly,
  data,
  names = false,
}: Base & { data: readonly Option[]; names?: boolean }) {
  const { control } = useFormContext<RegistrationValues>();
  const { label, error, options } = useFieldWords(name);
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
          error={error(fieldState.error?.message)}
          ref={field.ref}
          readOnly={readOnly}
          data={names ? data : options(data)}
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

export function DateField({ name, required, readOnly }: Base) {
  const { control } = useFormContext<RegistrationValues>();
  const { label, error } = useFieldWords(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <DateInput
          label={label}
          withAsterisk={required}
          size="md"
          error={error(fieldState.error?.message)}
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

export function ImageField({ readOnly }: { readOnly?: boolean }) {
  const { control } = useFormContext<RegistrationValues>();
  const { t, message } = useT();
  return (
    <Controller
      name="image"
      control={control}
      render={({ field, fieldState }) => (
        <FileInput
          label={t('children.form.profilePicture')}
          size="md"
          error={fieldState.error?.message && message(fieldState.error.message)}
          ref={field.ref}
          accept={uploadLimits.imageAccept}
          description={t('children.form.imageHint')}
          readOnly={readOnly}
          value={field.value instanceof File ? field.value : null}
          placeholder={typeof field.value === 'string' ? t('children.form.photoKept') : t('children.form.choosePhoto')}
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
