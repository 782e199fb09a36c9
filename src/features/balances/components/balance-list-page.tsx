import { useMemo, useState } from 'react';
import { ActionIcon, Box, Button, Group, Loader, Stack, Title, Tooltip } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { dateFormats } from '../../../../sync';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { CenterFilterSelect, FilterPanel, SearchResetButtons, filterChips } from '../../../components/filter-panel';
import { DateRangeFilter, dateRangeProblem } from '../../../components/date-range-filter';
import { parseTypedDate, showDate } from '../../../lib/dates';
import { SyncBadge } from '../../../components/sync-badge';
import { toast } from '../../../components/toast';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { useBalancePage, useCanEditBalances, usePullBalances, type LocalPreviousBalance } from '../hooks/use-balances';
import { BalanceModal } from './balance-modal';
import { useCenterSelect } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

const filterKeys = ['centerId', 'activity_date', 'from_date', 'to_date'] as const;
type Draft = { centerId: string; activity_date: string | null; from_date: string | null; to_date: string | null };

/** /previous-balance: the Previous Balance list from the device, with Filters, Add and edit. */
export function BalanceListPage() {
  usePullBalances();
  const canEdit = useCanEditBalances();
  const { page, filter, setPage, setFilter } = useListSearchParams(filterKeys);
  const [draft, setDraft] = useState<Draft>({
    centerId: filter.centerId ?? '',
    activity_date: filter.activity_date ?? null,
    from_date: filter.from_date ?? null,
    to_date: filter.to_date ?? null,
  });
  const [editing, setEditing] = useState<LocalPreviousBalance | 'new' | null>(null);
  const { t, label, number } = useT();
  const listFilter = useMemo(
    () => ({ ...filter, centerId: filter.centerId ? Number(filter.centerId) : undefined }),
    [filter],
  );
  const result = useBalancePage(listFilter, page);
  const centers = useCenterSelect();
  const centerName = useMemo(() => new Map(centers.map((c) => [Number(c.value), c.label])), [centers]);

  const search = () => {
    const problem = dateRangeProblem(draft.from_date, draft.to_date);
    if (problem) return void toast.info(problem);
    setFilter(draft);
    return true;
  };
  const reset = () => {
    setDraft({ centerId: '', activity_date: null, from_date: null, to_date: null });
    setFilter({});
  };
  const chips = filterChips(
    filter,
    {
      centerId: { label: t('balances.field.center'), value: (v) => centerName.get(Number(v)) ?? v },
      activity_date: { label: t('balances.field.activityDate') },
      from_date: { label: t('meals.list.fromDate') },
      to_date: { label: t('meals.list.toDate') },
    },
    (key) => {
      setDraft({ ...draft, [key]: key === 'centerId' ? '' : null });
      setFilter({ ...filter, [key]: undefined });
    },
  );
  const columns: DataColumn<LocalPreviousBalance>[] = [
    {
      key: 'center',
      header: t('meals.column.center'),
      render: (b) => b.center_data?.name ?? centerName.get(Number(b.centerId)) ?? '',
    },
    { key: 'date', header: t('balances.field.activityDate'), render: (b) => showDate(b.activity_date), nowrap: true },
    { key: 'comment', header: t('balances.field.comment'), render: (b) => String(b.comment ?? '') },
    { key: 'male', header: label('Male'), render: (b) => number(Number(b.male ?? 0)) },
    { key: 'female', header: label('Female'), render: (b) => number(Number(b.female ?? 0)) },
    {
      key: 'total',
      header: t('common.total'),
      render: (b) => (
        <Group gap="xs" wrap="nowrap">
          <span>{number(Number(b.male ?? 0) + Number(b.female ?? 0))}</span>
          <Box style={{ flexShrink: 0 }}>
            <SyncBadge state={b._sync} />
          </Box>
        </Group>
      ),
    },
    { key: 'user', header: t('balances.column.user'), render: (b) => b.user_data?.name ?? '' },
    ...(canEdit
      ? [
          {
            key: 'action',
            header: t('meals.column.action'),
            render: (b: LocalPreviousBalance) => (
              <Tooltip label={t('meals.list.edit')}>
                <ActionIcon variant="subtle" size="lg" aria-label={t('meals.list.edit')} onClick={() => setEditing(b)}>
                  <IconEdit size={20} />
                </ActionIcon>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{label('Previous Balance')}</Title>
        {canEdit && (
          <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            {t('meals.list.add')}
          </Button>
        )}
      </Group>
      <FilterPanel chips={chips} onClearAll={reset}>
        {(done) => (
          <Group align="flex-end" wrap="wrap">
            <CenterFilterSelect
              label={t('balances.field.center')}
              data={centers}
              value={draft.centerId}
              onChange={(centerId) => setDraft({ ...draft, centerId })}
            />
            <DateInput
              label={t('balances.field.activityDate')}
              size="md"
              placeholder={dateFormats.filter}
              valueFormat={dateFormats.filter}
              dateParser={parseTypedDate}
              value={draft.activity_date}
              onChange={(v) => setDraft({ ...draft, activity_date: v })}
              clearable
            />
            <DateRangeFilter
              fromLabel={t('meals.list.fromDate')}
              toLabel={t('meals.list.toDate')}
              from={draft.from_date}
              to={draft.to_date}
              onChange={(range) => setDraft({ ...draft, ...range })}
            />
            <SearchResetButtons search={search} reset={reset} done={done} />
          </Group>
        )}
      </FilterPanel>
      {result === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <DataTable
          label={label('Previous Balance')}
          rows={result.rows}
          columns={columns}
          rowKey={(b) => b.cid}
          pagination={result.pagination}
          onPageChange={setPage}
        />
      )}
      {editing && <BalanceModal balance={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
