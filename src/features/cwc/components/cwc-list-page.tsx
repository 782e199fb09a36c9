import { useMemo, useState } from 'react';
import { Box, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { messages } from '../../../../sync';
import { DeleteAction, EditAction, GoToChildAction, RowActions } from '../../../components/row-actions';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { CenterFilterSelect, FilterPanel, SearchResetButtons, filterChips } from '../../../components/filter-panel';
import { DateRangeFilter, dateRangeProblem } from '../../../components/date-range-filter';
import { SyncBadge } from '../../../components/sync-badge';
import { toast } from '../../../components/toast';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { showDate } from '../../../lib/dates';
import { removeCwc, useCwcPage, useCwcPermissions, type CwcKind, type LocalCwc } from '../hooks/use-cwc';
import { useCenterSelect } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

const filterKeys = ['centerId', 'from_date', 'to_date'] as const;
export const cwcTitles = { produce: 'Produce to CWC', refer: 'Refer from CWC' } as const;

/** The child a CWC record is about: its id (or the cid of a child registered offline) and name. */
function childOf(r: LocalCwc): { id?: number; cid: string; name?: string } | null {
  const data = r.child_data as { id?: number; name?: string } | null | undefined;
  const ref = r.childregId;
  if (typeof ref === 'number' || typeof data?.id === 'number')
    return { id: typeof ref === 'number' ? ref : data?.id, cid: String(ref ?? data?.id), name: data?.name };
  return typeof ref === 'string' ? { cid: ref, name: data?.name } : null;
}

/** /produce and /refer: the CWC lists from the device, with the date-range filter rules. */
export function CwcListPage({ kind }: { kind: CwcKind }) {
  const navigate = useNavigate();
  const { canCreate, canEdit, canDelete } = useCwcPermissions();
  const { page, filter, setPage, setFilter } = useListSearchParams(filterKeys);
  const [draft, setDraft] = useState({
    centerId: filter.centerId ?? '',
    from_date: filter.from_date ?? null,
    to_date: filter.to_date ?? null,
  } as {
    centerId: string;
    from_date: string | null;
    to_date: string | null;
  });
  const listFilter = useMemo(
    () => ({ ...filter, centerId: filter.centerId ? Number(filter.centerId) : undefined }),
    [filter],
  );
  const result = useCwcPage(kind, listFilter, page);
  const centers = useCenterSelect();
  const { t, label } = useT();
  const centerName = useMemo(() => new Map(centers.map((c) => [Number(c.value), c.label])), [centers]);
  const chips = filterChips(
    filter,
    {
      centerId: { label: t('admin.common.centerName'), value: (v) => centerName.get(Number(v)) ?? v },
      from_date: { label: t('admin.common.fromDate') },
      to_date: { label: t('admin.common.toDate') },
    },
    (key) => {
      setDraft({ ...draft, [key]: key === 'centerId' ? '' : null });
      setFilter({ ...filter, [key]: undefined });
    },
  );
  const base = `/${kind}`;

  const search = () => {
    const problem = dateRangeProblem(draft.from_date, draft.to_date);
    if (problem) return void toast.info(problem);
    setFilter(draft);
    return true;
  };
  const reset = () => {
    setDraft({ centerId: '', from_date: null, to_date: null });
    setFilter({});
  };

  const columns: DataColumn<LocalCwc>[] = [
    {
      key: 'center',
      header: t('admin.common.centerName'),
      render: (r) => (r.center_data as { name?: string } | null)?.name ?? centerName.get(Number(r.centerId)) ?? '',
    },
    {
      key: 'child',
      header: t('admin.cwc.childName'),
      render: (r) => (r.child_data as { name?: string } | null)?.name ?? '',
    },
    ...(kind === 'refer'
      ? [{ key: 'cwccaseno', header: t('admin.cwc.caseNo'), render: (r: LocalCwc) => String(r.cwccaseno ?? '') }]
      : []),
    { key: 'date', header: t('admin.common.date'), render: (r) => showDate(r.transfer_date), nowrap: true },
    {
      key: 'comment',
      header: t('admin.common.comment'),
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <span>{String(r.comment ?? '')}</span>
          <Box style={{ flexShrink: 0 }}>
            <SyncBadge state={r._sync} />
          </Box>
        </Group>
      ),
    },
    {
      key: 'documents',
      header: t('admin.common.documents'),
      render: (r) => (Array.isArray(r.documents) ? r.documents.length : 0),
    },
    {
      key: 'action',
      header: t('column.action'),
      render: (r) => {
        const child = childOf(r);
        return (
          <RowActions>
            {child && <GoToChildAction child={child} />}
            {canEdit && (
              <EditAction
                name={child?.name ?? t('admin.cwc.record')}
                onClick={() => void navigate(`${base}/add`, { state: { cid: r.cid } })}
              />
            )}
            {canDelete && (
              <DeleteAction
                name={child?.name ?? t('admin.cwc.record')}
                title={t('admin.common.delete')}
                question={t('admin.cwc.deleteQuestion')}
                success={messages.deleted}
                onDelete={() => removeCwc(kind, r.cid)}
              />
            )}
          </RowActions>
        );
      },
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{label(cwcTitles[kind])}</Title>
        {canCreate && (
          <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => void navigate(`${base}/add`)}>
            {t('admin.common.add')}
          </Button>
        )}
      </Group>
      <FilterPanel chips={chips} onClearAll={reset}>
        {(done) => (
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
            <SearchResetButtons search={search} reset={reset} done={done} />
          </Group>
        )}
      </FilterPanel>
      {result === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <DataTable
          label={label(cwcTitles[kind])}
          rows={result.rows}
          columns={columns}
          rowKey={(r) => r.cid}
          pagination={result.pagination}
          onPageChange={setPage}
        />
      )}
    </Stack>
  );
}
