import { useMemo } from 'react';
import { Loader, Stack, Title } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { useServicesPage, usePullMeals } from '../hooks/use-meals';
import { FetchedNote } from '../../../components/fetched-note';
import { mealColumns } from './meal-list-page';
import { useCenterSelect } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

const noFilter = [] as const;

/** /meals-management: Our Services, the read-only list of meals served, from the device. */
export function OurServicesPage() {
  usePullMeals();
  const { page, setPage } = useListSearchParams(noFilter);
  const result = useServicesPage(page);
  const centers = useCenterSelect();
  const centerName = useMemo(() => new Map(centers.map((c) => [Number(c.value), c.label])), [centers]);
  const { t, label } = useT();
  return (
    <Stack>
      <Title order={2}>{label('Our Services')}</Title>
      {result && result.fetchedAt !== undefined && <FetchedNote fetchedAt={result.fetchedAt} />}
      {result === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <DataTable
          label={label('Our Services')}
          rows={result.rows}
          columns={mealColumns(centerName, t)}
          rowKey={(m) => m.cid}
          pagination={result.pagination}
          onPageChange={setPage}
        />
      )}
    </Stack>
  );
}
