import { useMemo, useState } from 'react';
import { Button, Group, Loader, SegmentedControl, Select, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  beneficiaryListTypes,
  can,
  canChooseCenter,
  type BeneficiaryService,
  type ExitListRow,
  type LocalBeneficiary,
  messages,
} from '../../../../sync';
import { DataTable } from '../../../components/data-table';
import { DateRangeFilter, dateRangeProblem } from '../../../components/date-range-filter';
import { FilterPanel, SearchResetButtons, filterChips } from '../../../components/filter-panel';
import { DeleteAction, EditAction, RowActions } from '../../../components/row-actions';
import { toast } from '../../../components/toast';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { useUser } from '../../../lib/use-store';
import { deleteBeneficiary, useNonRegisteredPage, useRegisteredPage } from '../hooks/use-beneficiaries';
import { nonRegisteredColumns, registeredColumns } from './beneficiary-columns';
import { BeneficiaryModal } from './beneficiary-modal';
import { useCenterSelect } from '../../../lib/use-lookups';
import { FetchedNote } from '../../../components/fetched-note';
import { useT } from '../../../lib/i18n';

// The services' titles are the report categories' labels (rules/report.ts), translated as those.
const titles: Record<BeneficiaryService, string> = { education: 'Education', medical: 'Medical', mhp: 'MHP' };
const filterKeys = ['type', 'centerId', 'from_date', 'to_date'] as const;
type Draft = { centerId: string; from_date: string; to_date: string };

/** /education, /medical, /mhp with ?type=registered or non-registered (the Select Beneficiaries Type dialog). */
export function BeneficiaryListPage({ service }: { service: BeneficiaryService }) {
  const user = useUser();
  const [params] = useSearchParams();
  // Only the types whose call the role may make (R21); the route opens only when one is left.
  const types = beneficiaryListTypes(user, `/${service}`);
  const asked = params.get('type') === 'non-registered' ? 'non-registered' : 'registered';
  const type = types.includes(asked) ? asked : (types[0] ?? asked);
  const { page, filter, setPage, setFilter } = useListSearchParams(filterKeys);
  const chooses = canChooseCenter(user.centerId);
  const listFilter = useMemo(
    () => ({
      centerId: chooses ? (filter.centerId ? Number(filter.centerId) : null) : user.centerId,
      from_date: filter.from_date ?? null,
      to_date: filter.to_date ?? null,
    }),
    [filter, chooses, user.centerId],
  );
  const [draft, setDraft] = useState<Draft>({
    centerId: filter.centerId ?? (chooses ? '' : String(user.centerId)),
    from_date: filter.from_date ?? '',
    to_date: filter.to_date ?? '',
  });
  const [editing, setEditing] = useState<LocalBeneficiary | 'new' | null>(null);
  const registered = useRegisteredPage(service, listFilter, type === 'registered' ? page : 0);
  const others = useNonRegisteredPage(service, listFilter, type === 'non-registered' ? page : 0);
  const centers = useCenterSelect();
  const centerNames = useMemo(() => new Map(centers.map((c) => [c.value, c.label])), [centers]);
  const { t, label } = useT();
  const words = { t, label };
  const title = label(titles[service]);
  const canAdd = can(user, 'create', 'child_tracking');
  const canEdit = can(user, 'edit', 'child_tracking');
  const canDelete = can(user, 'delete', 'child_tracking');

  const search = () => {
    const problem = dateRangeProblem(draft.from_date, draft.to_date);
    if (problem) return void toast.info(problem);
    setFilter({ type, ...draft });
    return true;
  };
  const reset = () => {
    setDraft({ centerId: chooses ? '' : String(user.centerId), from_date: '', to_date: '' });
    setFilter({ type });
  };
  const chips = filterChips<'centerId' | 'from_date' | 'to_date'>(
    filter,
    {
      centerId: { label: t('admin.common.centerName'), value: (v) => centerNames.get(v) ?? v },
      from_date: { label: t('admin.common.fromDate') },
      to_date: { label: t('admin.common.toDate') },
    },
    (key) => {
      setDraft({ ...draft, [key]: key === 'centerId' && !chooses ? String(user.centerId) : '' });
      setFilter({ ...filter, [key]: undefined });
    },
    chooses ? [] : ['centerId'],
  );
  const nonRegistered = nonRegisteredColumns(
    centerNames,
    (b) => (
      <RowActions>
        {canEdit && <EditAction name={b.name} onClick={() => setEditing(b)} />}
        {canDelete && (
          <DeleteAction
            name={b.name}
            title={t('admin.beneficiaries.delete')}
            question={t('admin.common.deleteNamed', { name: b.name ?? t('admin.beneficiaries.this') })}
            success={messages.beneficiaryDeleted}
            onDelete={() => deleteBeneficiary(b)}
          />
        )}
      </RowActions>
    ),
    words,
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>
          {t(type === 'registered' ? 'admin.beneficiaries.registeredTitle' : 'admin.beneficiaries.nonRegisteredTitle', {
            service: title,
          })}
        </Title>
        <Group gap="xs">
          <SegmentedControl
            value={type}
            onChange={(v) => setFilter({ ...filter, type: v })}
            data={types.map((value) => ({
              value,
              label: t(value === 'registered' ? 'admin.beneficiaries.registered' : 'admin.beneficiaries.nonRegistered'),
            }))}
          />
          {type === 'non-registered' && canAdd && (
            <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              {t('admin.common.add')}
            </Button>
          )}
        </Group>
      </Group>
      <FilterPanel chips={chips} onClearAll={reset}>
        {(done) => (
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('admin.common.centerName')}
              size="md"
              data={centers}
              value={draft.centerId || null}
              onChange={(v) => setDraft({ ...draft, centerId: v ?? '' })}
              readOnly={!chooses}
              clearable={chooses}
              w={220}
            />
            <DateRangeFilter
              from={draft.from_date}
              to={draft.to_date}
              onChange={(r) => setDraft({ ...draft, from_date: r.from_date ?? '', to_date: r.to_date ?? '' })}
            />
            <SearchResetButtons search={search} reset={reset} done={done} />
          </Group>
        )}
      </FilterPanel>
      {(() => {
        // A page read through the documented call says when it was fetched.
        const shown = type === 'registered' ? registered : others;
        return shown && shown.fetchedAt !== undefined ? <FetchedNote fetchedAt={shown.fetchedAt} /> : null;
      })()}
      {type === 'registered' ? (
        registered === null ? (
          <Loader aria-label={t('common.loading')} />
        ) : (
          <DataTable<ExitListRow>
            label={title}
            rows={registered.rows}
            columns={registeredColumns(centerNames, words)}
            rowKey={(r) => r.cid}
            pagination={registered.pagination}
            onPageChange={setPage}
          />
        )
      ) : others === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <DataTable<LocalBeneficiary>
          label={title}
          rows={others.rows}
          columns={nonRegistered}
          rowKey={(r) => r.cid}
          pagination={others.pagination}
          onPageChange={setPage}
        />
      )}
      {editing && (
        <BeneficiaryModal
          service={service}
          beneficiary={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
