import { useState } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { ALL_CENTERS_ID } from '../../../../sync';
import { CenterFilterSelect } from '../../../components/filter-panel';
import { DateRangeFilter, dateRangeProblem } from '../../../components/date-range-filter';
import { toast } from '../../../components/toast';
import { useUser } from '../../../lib/use-store';
import { useCenterSelect } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

type Values = { centerId: string; from_date: string | null; to_date: string | null };

/** Center (read-only for center-bound users), From and To, Search, Reset and Export to CSV. */
export function ReportFilters({
  initial,
  onSearch,
  onExport,
}: {
  initial: Partial<Values>;
  onSearch: (v: Partial<Values>) => void;
  onExport?: () => void;
}) {
  const user = useUser();
  const centers = useCenterSelect();
  const bound = user.centerId !== ALL_CENTERS_ID;
  const [draft, setDraft] = useState<Values>({
    centerId: bound ? String(user.centerId) : (initial.centerId ?? ''),
    from_date: initial.from_date ?? null,
    to_date: initial.to_date ?? null,
  });
  const { t } = useT();
  const search = () => {
    const problem = dateRangeProblem(draft.from_date, draft.to_date);
    if (problem) return toast.info(problem);
    onSearch(draft);
  };
  const reset = () => {
    setDraft({ centerId: bound ? String(user.centerId) : '', from_date: null, to_date: null });
    onSearch({});
  };
  return (
    <Paper withBorder p="sm">
      <Group align="flex-end" wrap="wrap">
        <CenterFilterSelect
          data={centers}
          value={draft.centerId}
          onChange={(centerId) => setDraft({ ...draft, centerId })}
        />
        <DateRangeFilter
          from={draft.from_date}
          to={draft.to_date}
          onChange={(range) => setDraft({ ...draft, ...range })}
        />
        <Button size="md" leftSection={<IconSearch size={18} />} onClick={search}>
          {t('common.search')}
        </Button>
        <Button size="md" variant="default" onClick={reset}>
          {t('common.reset')}
        </Button>
        {onExport && (
          <Button size="md" variant="light" leftSection={<IconDownload size={18} />} onClick={onExport}>
            {t('common.exportCsv')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
