import { useState } from 'react';
import { Button, Drawer, Group, Select, Stack } from '@mantine/core';
import { canChooseCenter } from '../../../../sync';
import { DateRangeFilter, dateRangeProblem } from '../../../components/date-range-filter';
import { toast } from '../../../components/toast';
import { useUser } from '../../../lib/use-store';
import { useT } from '../../../lib/i18n';

export const exitFilterKeys = ['centerId', 'from_date', 'to_date'] as const;
export type ExitFilterValues = Partial<Record<(typeof exitFilterKeys)[number], string>>;

type Props = {
  opened: boolean;
  onClose: () => void;
  value: ExitFilterValues;
  centers: { value: string; label: string }[];
  onSearch: (filter: ExitFilterValues) => void;
};

/** The Filters side panel: Center Name (read-only for a center-bound user), From, To, Search and Reset. */
export function ExitFiltersDrawer({ opened, onClose, value, centers, onSearch }: Props) {
  const user = useUser();
  const { t } = useT();
  const chooses = canChooseCenter(user.centerId);
  const preset = chooses ? {} : { centerId: String(user.centerId) };
  const [draft, setDraft] = useState<ExitFilterValues>({ ...value, ...preset });

  const search = () => {
    const problem = dateRangeProblem(draft.from_date, draft.to_date);
    if (problem) return void toast.info(problem);
    onSearch({ ...draft, ...preset });
    onClose();
  };
  const reset = () => {
    setDraft(preset);
    onSearch({});
    onClose();
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('admin.common.filters')} padding="md">
      <Stack>
        <Select
          label={t('admin.common.centerName')}
          size="md"
          data={centers}
          value={draft.centerId || null}
          onChange={(v) => setDraft({ ...draft, centerId: v ?? '' })}
          readOnly={!chooses}
          clearable={chooses}
          searchable
        />
        <DateRangeFilter
          from={draft.from_date}
          to={draft.to_date}
          onChange={(range) => setDraft({ ...draft, from_date: range.from_date ?? '', to_date: range.to_date ?? '' })}
        />
        <Group justify="flex-end">
          <Button size="md" variant="default" onClick={reset}>
            {t('common.reset')}
          </Button>
          <Button size="md" onClick={search}>
            {t('common.search')}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
