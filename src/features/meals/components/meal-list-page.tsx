import { useMemo, useState } from 'react';
import { ActionIcon, Box, Button, Group, Loader, Select, Stack, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { mealTypeLabel, mealTypes, messages } from '../../../../sync';
import { DeleteButton } from '../../../components/confirm-button';
import { ChangeAction, RowActions } from '../../../components/row-actions';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { CenterFilterSelect, FilterPanel, SearchResetButtons, filterChips } from '../../../components/filter-panel';
import { DateRangeFilter, dateRangeProblem } from '../../../components/date-range-filter';
import { SyncBadge } from '../../../components/sync-badge';
import { toast } from '../../../components/toast';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { showDate } from '../../../lib/dates';
import { deleteMeal, useMealPage, useMealPermissions, usePullMeals, type LocalMeal } from '../hooks/use-meals';
import { MealModal } from './meal-modal';
import { useCenterSelect, useMealCenterSelect } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

type Translate = ReturnType<typeof useT>['t'];

const filterKeys = ['center_id', 'meal_type', 'from_date', 'to_date'] as const;
type Draft = { center_id: string; meal_type: string; from_date: string | null; to_date: string | null };

/** The meal columns both lists show, headed in the language shown; `actions` adds the Action column. */
export function mealColumns(
  centerName: Map<number, string>,
  t: Translate,
  actions?: (m: LocalMeal) => React.ReactNode,
): DataColumn<LocalMeal>[] {
  return [
    {
      key: 'center',
      header: t('meals.column.center'),
      card: 'title',
      render: (m) => m.center_data?.name ?? centerName.get(Number(m.center_id)) ?? '',
    },
    { key: 'date', header: t('meals.column.date'), render: (m) => showDate(m.meal_date), nowrap: true },
    { key: 'type', header: t('meals.column.type'), render: (m) => mealTypeLabel(m.meal_type) },
    {
      key: 'count',
      header: t('meals.column.count'),
      render: (m) => (
        <Group gap="xs" wrap="nowrap">
          <span>{String(m.child_count ?? '')}</span>
          <Box style={{ flexShrink: 0 }}>
            <SyncBadge state={m._sync} />
          </Box>
        </Group>
      ),
    },
    ...(actions
      ? [{ key: 'action', header: t('meals.column.action'), card: 'actions' as const, render: actions }]
      : []),
  ];
}

/** /manage-meals: Meal Management from the device, with Filters, Add, edit and delete. */
export function MealListPage() {
  usePullMeals();
  const { canCreate, canEdit, canDelete } = useMealPermissions();
  const { page, filter, setPage, setFilter } = useListSearchParams(filterKeys);
  const [draft, setDraft] = useState<Draft>({
    center_id: filter.center_id ?? '',
    meal_type: filter.meal_type ?? '',
    from_date: filter.from_date ?? null,
    to_date: filter.to_date ?? null,
  });
  const [editing, setEditing] = useState<LocalMeal | 'new' | null>(null);
  const { t } = useT();
  const listFilter = useMemo(
    () => ({
      ...filter,
      center_id: filter.center_id ? Number(filter.center_id) : undefined,
      meal_type: filter.meal_type ? Number(filter.meal_type) : undefined,
    }),
    [filter],
  );
  const result = useMealPage(listFilter, page);
  const centers = useCenterSelect();
  const mealCenters = useMealCenterSelect();
  const centerName = useMemo(() => new Map(centers.map((c) => [Number(c.value), c.label])), [centers]);

  const search = () => {
    const problem = dateRangeProblem(draft.from_date, draft.to_date);
    if (problem) return void toast.info(problem);
    setFilter(draft);
    return true;
  };
  const reset = () => {
    setDraft({ center_id: '', meal_type: '', from_date: null, to_date: null });
    setFilter({});
  };
  const chips = filterChips(
    filter,
    {
      center_id: { label: t('meals.column.center'), value: (v) => centerName.get(Number(v)) ?? v },
      meal_type: { label: t('meals.list.mealType'), value: (v) => mealTypeLabel(Number(v)) },
      from_date: { label: t('meals.list.fromDate') },
      to_date: { label: t('meals.list.toDate') },
    },
    (key) => {
      const next = { ...draft, [key]: key.endsWith('date') ? null : '' };
      setDraft(next);
      setFilter({ ...filter, [key]: undefined });
    },
  );
  const actions = (m: LocalMeal) => (
    <ChangeAction>
      <RowActions>
        {canEdit && (
          <Tooltip label={t('meals.list.edit')}>
            <ActionIcon variant="subtle" size="lg" aria-label={t('meals.list.edit')} onClick={() => setEditing(m)}>
              <IconEdit size={20} />
            </ActionIcon>
          </Tooltip>
        )}
        {canDelete && (
          <DeleteButton
            title={t('meals.list.delete')}
            question={t('meals.list.deleteQuestion')}
            onConfirm={async () => {
              const done = await deleteMeal(m.cid);
              if (done.ok) toast.success(messages.deleted);
              else toast.error(done.message);
            }}
          />
        )}
      </RowActions>
    </ChangeAction>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('meals.list.title')}</Title>
        {canCreate && (
          <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            {t('meals.list.add')}
          </Button>
        )}
      </Group>
      <FilterPanel chips={chips} onClearAll={reset}>
        {(done) => (
          <Group align="flex-end" wrap="wrap">
            <CenterFilterSelect
              label={t('meals.column.center')}
              data={mealCenters}
              value={draft.center_id}
              onChange={(center_id) => setDraft({ ...draft, center_id })}
            />
            <Select
              label={t('meals.list.mealType')}
              size="md"
              data={mealTypes.map((t) => ({ value: String(t.value), label: t.label }))}
              value={draft.meal_type || null}
              onChange={(v) => setDraft({ ...draft, meal_type: v ?? '' })}
              clearable
              w={180}
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
          label={t('meals.list.title')}
          rows={result.rows}
          columns={mealColumns(centerName, t, canEdit || canDelete ? actions : undefined)}
          rowKey={(m) => m.cid}
          pagination={result.pagination}
          onPageChange={setPage}
        />
      )}
      {editing && <MealModal meal={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
