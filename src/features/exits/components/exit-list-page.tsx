import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Loader, Stack, Title } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { canChooseCenter, exitListConfig, messages, type ExitListRow } from '../../../../sync';
import { DataTable } from '../../../components/data-table';
import { FilterChips, filterChips } from '../../../components/filter-panel';
import { toast } from '../../../components/toast';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { useUser } from '../../../lib/use-store';
import { useExitPage } from '../hooks/use-exit-list';
import { exitColumns } from './exit-columns';
import { ExitFiltersDrawer, exitFilterKeys } from './exit-filters-drawer';
import { useCenterNames } from '../../../lib/use-lookups';
import { FetchedNote } from '../../../components/fetched-note';
import { useT } from '../../../lib/i18n';

const emptyPage = {
  rows: [],
  pagination: { current_page: 1, per_page: 10, from: null, to: null, total: 0, last_page: 1 },
};

/**
 * Every exit and restoration route (spec part 2, section 2): title, status key and
 * columns from the path; the list read from the device, so it works offline.
 */
export function ExitListPage({ path }: { path: string }) {
  const config = exitListConfig(path)!;
  const user = useUser();
  const { page, filter, setPage, setFilter } = useListSearchParams(exitFilterKeys);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const ownCenter = canChooseCenter(user.centerId) ? undefined : user.centerId;
  const listFilter = useMemo(
    () => ({
      centerId: ownCenter ?? (filter.centerId ? Number(filter.centerId) : null),
      from_date: filter.from_date ?? null,
      to_date: filter.to_date ?? null,
    }),
    [filter, ownCenter],
  );
  const result = useExitPage(config, listFilter, page);
  const centerNames = useCenterNames();
  const { t, label } = useT();
  const centers = useMemo(
    () => [...centerNames].map(([id, name]) => ({ value: String(id), label: name })),
    [centerNames],
  );
  const columns = useMemo(
    () => exitColumns(config.columns, centerNames, { t, label }),
    [config.columns, centerNames, t, label],
  );
  const filtered = Object.keys(filter).length > 0;

  useEffect(() => {
    if (result === 'failed' && filtered) toast.error(messages.somethingWentWrongDot);
  }, [result, filtered]);

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{label(config.title)}</Title>
        <Group gap="xs">
          <Button
            size="md"
            variant="default"
            leftSection={<IconFilter size={18} />}
            onClick={() => setFiltersOpen(true)}
          >
            {t('admin.common.filters')}
          </Button>
        </Group>
      </Group>
      <FilterChips
        chips={filterChips<(typeof exitFilterKeys)[number]>(
          filter,
          {
            centerId: { label: t('admin.common.centerName'), value: (v) => centerNames.get(Number(v)) ?? v },
            from_date: { label: t('admin.common.fromDate') },
            to_date: { label: t('admin.common.toDate') },
          },
          (key) => setFilter({ ...filter, [key]: undefined }),
          ownCenter === undefined ? [] : ['centerId'],
        )}
        onClearAll={() => setFilter({})}
      />
      {result !== null && result !== 'failed' && result.fetchedAt !== undefined && (
        <FetchedNote fetchedAt={result.fetchedAt} />
      )}
      {result === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <DataTable<ExitListRow>
          label={label(config.title)}
          rows={result === 'failed' ? emptyPage.rows : result.rows}
          columns={columns}
          rowKey={(r) => r.cid}
          pagination={result === 'failed' ? emptyPage.pagination : result.pagination}
          counting={result !== 'failed' && result.counting}
          onPageChange={setPage}
        />
      )}
      {filtersOpen && (
        <ExitFiltersDrawer
          opened
          onClose={() => setFiltersOpen(false)}
          value={filter}
          centers={centers}
          onSearch={setFilter}
        />
      )}
    </Stack>
  );
}
