import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { REPORT_NO_VALUE, statusLabel } from '../../../../sync';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { showDate } from '../../../lib/dates';
import { useCenterNames } from '../../../lib/use-lookups';
import { sourceText, useReportDetails, type DetailsRequest, type DetailsRow } from '../hooks/use-report';
import { detailsScope, detailsScopeLine } from './details-scope';
import { useAccessLog } from '../../../lib/use-access-log';
import { useT } from '../../../lib/i18n';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * /reports/report-details and /groupReports/report-details: the entries behind a count,
 * from the conditions the count carried (center, dates, gender, where/value pairs).
 */
export function ReportDetailsPage({ group = false }: { group?: boolean }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const get = (key: string) => params.get(key) || REPORT_NO_VALUE;
  const centerId = Number(params.get('centerId')) || null;
  const req: DetailsRequest = {
    centerId,
    from_date: params.get('from_date') || null,
    to_date: params.get('to_date') || null,
    // Group details name the gender through where1/value1; their request has no gender (part 2 section 7).
    ...(group ? {} : { gender: get('gender') }),
    where: get('where'),
    value: get('value'),
    where1: get('where1'),
    value1: get('value1'),
    // Group details also carry the count's column and time flag, the previous period's
    // years (part 2 section 7) and a third condition.
    ...(group
      ? Object.fromEntries(
          (['isTotal', 'time', 'type', 'where2', 'value2', 'pre_start_year', 'pre_end_year'] as const).flatMap((key) =>
            params.get(key) ? [[key, params.get(key)!]] : [],
          ),
        )
      : {}),
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const answer = useReportDetails(req, page, group);
  const withSession = params.get('time') === 'yes';
  const centerNames = useCenterNames();
  const scope = detailsScope(params, (id) => centerNames.get(id));
  const { t, label } = useT();
  // On a phone each entry is a card headed by the child's name; the record's own
  // timestamps stay in the table.
  const columns: DataColumn<DetailsRow>[] = [
    { key: 'name', header: t('reports.details.name'), render: (r) => text(r.name), nowrap: true, card: 'title' },
    { key: 'uniqueId', header: t('reports.details.uniqueId'), render: (r) => text(r.uniqueId), nowrap: true },
    {
      key: 'unique_centerId',
      header: t('reports.details.uniqueCenterId'),
      render: (r) => text((r.center_data as { unique_centerId?: string } | null)?.unique_centerId),
    },
    { key: 'status', header: t('reports.details.status'), render: (r) => label(statusLabel(text(r.history_status))) },
    { key: 'aadharno', header: t('reports.details.aadharno'), render: (r) => text(r.aadharno) },
    { key: 'cwccaseno', header: t('column.cwccaseno'), render: (r) => text(r.cwccaseno) },
    { key: 'gender', header: t('column.gender'), render: (r) => label(text(r.gender)) },
    {
      key: 'center',
      header: t('balances.field.center'),
      render: (r) => text((r.center_data as { name?: string } | null)?.name),
    },
    { key: 'arrival', header: t('quickAdd.arrival'), render: (r) => showDate(r.dateofarrival), nowrap: true },
    {
      key: 'activity',
      header: t('balances.field.activityDate'),
      render: (r) => showDate(r.transfer_date),
      nowrap: true,
    },
    ...(withSession
      ? [{ key: 'session', header: t('reports.details.session'), render: (r: DetailsRow) => text(r.session_number) }]
      : []),
    {
      key: 'created',
      header: t('reports.details.created'),
      render: (r) => showDate(r.created_at),
      nowrap: true,
      card: 'hidden',
    },
    {
      key: 'updated',
      header: t('reports.details.updated'),
      render: (r) => showDate(r.updated_at),
      nowrap: true,
      card: 'hidden',
    },
  ];
  // The children this page lists are an entry of the access log (the report's keys, not its rows, name it).
  useAccessLog(
    answer
      ? {
          action: 'report_details',
          childIds: answer.data.rows.map((r) => Number(r.childregId)).filter((id) => Number.isInteger(id) && id > 0),
          subject: `${group ? 'Group report' : 'Report'} ${req.where}=${req.value} page ${page}`,
        }
      : null,
  );
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('page', String(next));
      return copy;
    });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{label(group ? 'Group Report Details' : 'Report Details')}</Title>
        <Button size="md" variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => void navigate(-1)}>
          {t('reports.details.back')}
        </Button>
      </Group>
      <Text fw={500} data-testid="details-scope">
        {detailsScopeLine(scope)}
      </Text>
      {answer === null ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <>
          <Alert variant="light" color={answer.source === 'server' ? 'blue' : 'yellow'}>
            {sourceText(answer)}
          </Alert>
          <DataTable
            label={t('reports.details.label')}
            rows={answer.data.rows}
            columns={columns}
            rowKey={(r) => String(r.id ?? r.cid)}
            pagination={answer.data.pagination}
            onPageChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}
