import { Alert, Group, Loader, Paper, ScrollArea, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useNavigate } from 'react-router';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { csvFileNames } from '../../../../sync';
import { sourceText, useReport, useReportFilter, type ReportAnswer } from '../hooks/use-report';
import { ReportFilters } from './report-filters';
import { exportReportCsv, type ExportFacts } from './csv-header';
import { NoteLine, apart } from './previous-balance-note';
import { useUser } from '../../../lib/use-store';
import {
  blockOf,
  columns,
  countOf,
  detailsQuery,
  periodTitle,
  periodsShown,
  reportCsvRows,
  type Column,
} from './report-table';
import { useT } from '../../../lib/i18n';

const filterKeys = ['centerId', 'from_date', 'to_date'] as const;

/** /reports: counts per category by gender and period, a chart of them, CSV export. */
export function ReportPage() {
  const { filter, setFilter } = useListSearchParams(filterKeys);
  const asked = useReportFilter(filter);
  const answer = useReport(asked);
  const report = answer?.data ?? null;
  const user = useUser();
  const { t, label } = useT();
  const exportCsv = () => {
    if (!answer || !report) return;
    const facts: ExportFacts = {
      title: 'Report List',
      center: report.center_name ?? null,
      from: report.from_date,
      to: report.to_date,
      by: user,
      at: Date.now(),
      source: answer,
    };
    exportReportCsv(csvFileNames.report, facts, reportCsvRows(report));
  };
  return (
    <Stack>
      <Title order={2}>{t('report.title')}</Title>
      <ReportFilters initial={filter} onSearch={setFilter} onExport={report ? exportCsv : undefined} />
      {answer === null || !report ? (
        <Loader />
      ) : (
        <>
          <Alert variant="light" color={answer.source === 'server' ? 'blue' : 'yellow'} data-testid="report-source">
            {sourceText(answer)}
            {report.center_name ? ` · ${report.center_name}` : ''}
          </Alert>
          <Group align="flex-start" wrap="wrap" gap="md">
            <Paper withBorder style={{ flex: '3 1 640px', minWidth: 0 }}>
              <ReportTable report={report} />
            </Paper>
            <Paper withBorder p="sm" style={{ flex: '1 1 320px' }}>
              <Text fw={600} mb="xs">
                {t('report.chart')}
              </Text>
              <BarChart
                h={360}
                data={report.categories.map((c) => ({
                  category: label(c.title),
                  [label('Male')]: countOf(blockOf(report, c.key), { period: 'new', gender: 'Male' }),
                  [label('Female')]: countOf(blockOf(report, c.key), { period: 'new', gender: 'Female' }),
                }))}
                dataKey="category"
                orientation="vertical"
                yAxisProps={{ width: 140 }}
                withLegend
                series={[
                  { name: label('Male'), color: 'blue.6' },
                  { name: label('Female'), color: 'pink.6' },
                ]}
              />
            </Paper>
          </Group>
        </>
      )}
    </Stack>
  );
}

function ReportTable({ report }: { report: ReportAnswer }) {
  const navigate = useNavigate();
  const { t, label } = useT();
  const open = (category: string | null, column: Column) => {
    const q = detailsQuery(report, category, column);
    if (q) void navigate(`/reports/report-details?${q.toString()}`);
  };
  const cell = (category: string | null, column: Column, n: number) =>
    n > 0 && column.period !== 'all' ? (
      <UnstyledButton
        onClick={() => open(category, column)}
        c="blue"
        td="underline"
        aria-label={`${n} ${column.gender ? label(column.gender) : t('common.total')}`}
      >
        {n}
      </UnstyledButton>
    ) : (
      n
    );
  const totals = columns.map((col) => report.categories.reduce((s, c) => s + countOf(blockOf(report, c.key), col), 0));
  return (
    <ScrollArea type="auto">
      <Table withTableBorder withColumnBorders striped data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th rowSpan={2}>{t('report.category')}</Table.Th>
            {periodsShown.map((p) => (
              <Table.Th key={p} colSpan={3} ta="center">
                {periodTitle(report, p, t)}
              </Table.Th>
            ))}
          </Table.Tr>
          <Table.Tr>
            {columns.map((col, i) => (
              <Table.Th key={i} ta="center">
                {col.gender === 'Male'
                  ? t('report.male')
                  : col.gender === 'Female'
                    ? t('report.female')
                    : t('common.total')}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.categories.map((c) => (
            <Table.Tr key={c.key} data-category={c.key}>
              <Table.Td>{label(c.title)}</Table.Td>
              {columns.map((col, i) => (
                <Table.Td key={i} ta="center">
                  {cell(c.key, col, countOf(blockOf(report, c.key), col))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          <Table.Tr bg="gray.1" fw={700} data-category="total">
            <Table.Td>{t('common.total')}</Table.Td>
            {totals.map((n, i) => (
              <Table.Td key={i} ta="center">
                {cell(null, columns[i], n)}
              </Table.Td>
            ))}
          </Table.Tr>
          <Table.Tr data-category="previous-balance" style={apart}>
            <Table.Td>
              {t('report.previousBalance')}
              <NoteLine note={t('report.notInTotal')} />
            </Table.Td>
            <Table.Td ta="center">{report.previousyeardata.male}</Table.Td>
            <Table.Td ta="center">{report.previousyeardata.female}</Table.Td>
            <Table.Td ta="center">{report.previousyeardata.countgender}</Table.Td>
            <Table.Td colSpan={9} />
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
