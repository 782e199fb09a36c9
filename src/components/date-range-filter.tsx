import { Group } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { dateFormats, dateRangeMessage } from '../../sync';
import { parseTypedDate } from '../lib/dates';
import { useT } from '../lib/i18n';

type Props = {
  from: string | null | undefined;
  to: string | null | undefined;
  onChange: (range: { from_date: string | null; to_date: string | null }) => void;
  fromLabel?: string;
  toLabel?: string;
};

/** From/To date inputs of every list filter, typed DD-MM-YY and kept YYYY-MM-DD. */
export function DateRangeFilter({ from, to, onChange, fromLabel, toLabel }: Props) {
  const { t } = useT();
  return (
    <Group grow align="flex-start" gap="sm">
      <DateInput
        label={fromLabel ?? t('components.dateRange.from')}
        placeholder={dateFormats.filter}
        valueFormat={dateFormats.filter}
        value={from || null}
        onChange={(value) => onChange({ from_date: value, to_date: to ?? null })}
        clearable
        dateParser={parseTypedDate}
        size="md"
      />
      <DateInput
        label={toLabel ?? t('components.dateRange.to')}
        placeholder={dateFormats.filter}
        valueFormat={dateFormats.filter}
        value={to || null}
        onChange={(value) => onChange({ from_date: from ?? null, to_date: value })}
        clearable
        dateParser={parseTypedDate}
        size="md"
      />
    </Group>
  );
}

/** The info toast a range needs before searching ('Select To Date'...), or null when fine. */
export const dateRangeProblem = (from: string | null | undefined, to: string | null | undefined): string | null =>
  dateRangeMessage(from ?? null, to ?? null);
