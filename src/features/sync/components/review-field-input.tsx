import { NumberInput, Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { dateFormats, type FieldSpec } from '../../../../sync';
import { parseTypedDate } from '../../../lib/dates';
import { useCenterSelect } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

type Props = {
  spec: FieldSpec;
  value: string;
  /** The value in words, for a field that is shown but not changed here (the child an entry is for). */
  shown: string;
  error?: string;
  onChange: (value: string) => void;
};

/** The choices, with the value held kept as one of them (a code the form does not offer still reads in words). */
const withValue = (options: NonNullable<FieldSpec['options']>, value: string, shown: string) =>
  value === '' || options.some((o) => o.value === value) ? [...options] : [...options, { value, label: shown }];

/** One field of a refused change, edited with the input its own form uses (R10). */
export function ReviewFieldInput({ spec, value, shown, error, onChange }: Props) {
  const centers = useCenterSelect();
  const { label } = useT();
  const common = { label: label(spec.label), error, size: 'md' as const };
  const options = (list: NonNullable<FieldSpec['options']>) => list.map((o) => ({ ...o, label: label(o.label) }));
  switch (spec.input) {
    case 'center':
      return <Select {...common} data={centers} value={value || null} onChange={(v) => onChange(v ?? '')} searchable />;
    case 'choice':
      return (
        <Select
          {...common}
          data={options(withValue(spec.options ?? [], value, shown))}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          allowDeselect={false}
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          valueFormat={dateFormats.display}
          dateParser={parseTypedDate}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          clearable
        />
      );
    case 'number':
      return (
        <NumberInput {...common} value={value} allowDecimal={false} min={0} onChange={(v) => onChange(String(v))} />
      );
    case 'child':
      return <TextInput {...common} value={shown} readOnly />;
    default:
      return <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
