import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  canChooseCenter,
  caseTypes,
  childListFilterSchema,
  genders,
  normaliseInput,
  referredByOptions,
  statusColorGroups,
  statusLabel,
  type ChildListFilter,
  firstIssueMessage,
} from '../../../../sync';
import { DateRangeFilter, dateRangeProblem } from '../../../components/date-range-filter';
import { toast } from '../../../components/toast';
import { useUnsavedGuard } from '../../../lib/unsaved-forms';
import { useUser } from '../../../lib/use-store';
import { useCenters } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';
import type { TextKey } from '../../../../sync/shell';

export const childFilterKeys = [
  'centerId',
  'name',
  'uniqueId',
  'cwccaseno',
  'gender',
  'ReferredBy',
  'case_type',
  'history_status',
  'from_date',
  'to_date',
] as const;
export type ChildFilterKey = (typeof childFilterKeys)[number];

/** Each filter's label (its catalogue key), in the modal and on the list's chip for it. */
export const childFilterLabel = (key: ChildFilterKey): TextKey => `children.filters.${key}`;
export type ChildFilterValues = Partial<Record<ChildFilterKey, string>>;

const statusOptions = Object.values(statusColorGroups)
  .flatMap((g) => g.statuses as readonly string[])
  .map((value) => ({ value, label: statusLabel(value) }));
type Options = readonly { value: string; label: string }[];

type Props = {
  opened: boolean;
  onClose: () => void;
  value: ChildFilterValues;
  onSearch: (filter: ChildFilterValues) => void;
};

/** 'Search User Details Filters': Reset and Search; date-range problems are info toasts. */
export function ChildFiltersModal({ opened, onClose, value, onSearch }: Props) {
  const user = useUser();
  const centers = useCenters();
  const ownCenter = canChooseCenter(user.centerId) ? '' : String(user.centerId);
  const { t, label } = useT();
  const L = (key: ChildFilterKey) => t(childFilterLabel(key));
  const shown = (list: Options) => list.map((o) => ({ value: o.value, label: label(o.label) }));
  const empty: ChildFilterValues = { centerId: ownCenter };
  const form = useForm<ChildFilterValues>({ values: { ...empty, ...value } });
  useUnsavedGuard(opened && form.formState.isDirty);
  const [fromDate, toDate] = useWatch({ control: form.control, name: ['from_date', 'to_date'] });

  const search = form.handleSubmit((values) => {
    const problem = dateRangeProblem(values.from_date, values.to_date);
    if (problem) return void toast.info(problem);
    const parsed = childListFilterSchema.safeParse(values);
    if (!parsed.success) return void toast.info(firstIssueMessage(parsed.error));
    onSearch(values);
    onClose();
  });
  const reset = () => {
    form.reset(empty);
    onSearch({});
    onClose();
  };
  const text = (name: 'name' | 'uniqueId' | 'cwccaseno') => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextInput
          label={L(name)}
          size="md"
          value={field.value ?? ''}
          onChange={(e) => field.onChange(normaliseInput(name, e.currentTarget.value))}
        />
      )}
    />
  );
  const select = (name: ChildFilterKey, data: Options, readOnly = false) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <Select
          label={L(name)}
          size="md"
          data={data}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          clearable={!readOnly}
          readOnly={readOnly}
          searchable
        />
      )}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('children.filters.title')} size="lg">
      <form onSubmit={(e) => void search(e)} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {select(
              'centerId',
              centers.map((c) => ({ value: String(c.id), label: c.name })),
              !canChooseCenter(user.centerId),
            )}
            {text('name')}
            {text('uniqueId')}
            {text('cwccaseno')}
            {select('gender', shown(genders))}
            {select('ReferredBy', shown(referredByOptions))}
            {select('case_type', shown(caseTypes))}
            {select('history_status', shown(statusOptions))}
          </SimpleGrid>
          <DateRangeFilter
            fromLabel={L('from_date')}
            toLabel={L('to_date')}
            from={fromDate}
            to={toDate}
            onChange={(range) => {
              form.setValue('from_date', range.from_date ?? '', { shouldDirty: true });
              form.setValue('to_date', range.to_date ?? '', { shouldDirty: true });
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={reset}>
              {t('common.reset')}
            </Button>
            <Button type="submit" size="md">
              {t('common.search')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The URL's filter values as the list query reads them. */
export function toListFilter(values: ChildFilterValues): Partial<ChildListFilter> {
  const parsed = childListFilterSchema.safeParse(values);
  return parsed.success ? parsed.data : {};
}
