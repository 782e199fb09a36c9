import { Alert, Group, Loader, Paper, ScrollArea, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useNavigate } from 'react-router';
import { REPORT_NO_VALUE, canOpenRoute, csvFileNames, reportPeriods, type GroupCell } from '../../../../sync';
import { useUser } from '../../../lib/use-store';
import { useListSearchParams } from '../../../components/use-list-search-params';
import { sourceText, useGroupReport, useReportFilter } from '../hooks/use-report';
import { groupReportCsvRows, groupReportRows } from './group-report-table';
import { ReportFilters } from './report-filters';
import { NoteLine, apart } from './previous-balance-note';
import { exportReportCsv, type ExportFacts } from './csv-header';
import { useCenterNames } from '../../../lib/use-lookups';
import { useT } from '../../../lib/i18n';

const filterKeys = ['centerId', 'from_date', 'to_date'] as const;

/** /groupReports: a column per center and Total, by category; CSV group-report.csv. */
export function GroupReportPage() {
  const navigate = useNavigate();
  // The counts name no one; their details do, so only a role that may read them opens them.
  const user = useUser();
  const mayOpen = canOpenRoute(user, '/groupReports/report-details');
  const { filter, setFilter } = useListSearchParams(filterKeys);
  const asked = useReportFilter(filter);
  const answer = useGroupReport(asked);
  const report = answer?.data ?? null;
  const centerNames = useCenterNames();
  const { t, label, number } = useT();
  const actionsSeries = t('reports.group.series');
  const exportCsv = () => {
    if (!answer || !report) return;
    const centerId = asked.centerId;
    const facts: ExportFacts = {
      title: 'Group Report',
      center: centerId == null ? null : (centerNames.get(centerId) ?? String(centerId)),
      from: report.date_range.from_date,
      to: report.date_range.to_date,
      by: user,
      at: Date.now(),
      source: answer,
    };
    exportReportCsv(csvFileNames.groupReport, facts, groupReportCsvRows(report));
  };
  const open = (cell: GroupCell) => {
    if (!report) return;
    // The cell's searchParams are the count's conditions as the server gave them, sent back
    // as they are, with the report's dates and the previous period's years (part 2 section 7).
    const previous = reportPeriods(
      report.date_range.from_date || null,
      report.date_range.to_date || null,
      new Date().toISOString().slice(0, 10),
    );
    const q = new URLSearchParams({
      where: REPORT_NO_VALUE,
      value: REPORT_NO_VALUE,
      where1: REPORT_NO_VALUE,
      value1: REPORT_NO_VALUE,
      isTotal: typeof cell.centerId === 'number' ? 'no' : 'yes',
    });
    for (const [key, value] of Object.entries(cell.searchParams ?? {}))
      if (value !== null && value !== undefined) q.set(key, String(value));
    q.set('from_date', report.date_range.from_date);
    q.set('to_date', report.date_range.to_date);
    q.set('pre_start_year', String(previous.pre_start_year));
    q.set('pre_end_year', String(previous.pre_end_year));
    // The Total column is every center of the report: the report's own center, if it has one.
    const center = typeof cell.centerId === 'number' ? cell.centerId : filter.centerId;
    if (center) q.set('centerId', String(center));
    void navigate(`/groupReports/report-details?${q.toString()}`);
  };
  return (
    <Stack>
      <Title order={2}>{label('Group Report')}</Title>
      <ReportFilters initial={filter} onSearch={setFilter} onExport={report ? exportCsv : undefined} />
      {answer === null || !report ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <>
          <Alert variant="light" color={answer.source === 'server' ? 'blue' : 'yellow'} data-testid="report-source">
            {sourceText(answer)}
          </Alert>
          <Group align="flex-start" wrap="wrap" gap="md">
            <Paper withBorder style={{ flex: '3 1 640px', minWidth: 0 }}>
              <ScrollArea type="auto">
                <Table withTableBorder withColumnBorders data-testid="group-report-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('report.category')}</Table.Th>
                      {report.AllCenterList.map((c) => (
                        <Table.Th key={c.id}>{c.name}</Table.Th>
                      ))}
                      <Table.Th>{t('common.total')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {groupReportRows(report).map((row) => (
                      <Table.Tr
                        key={row.id}
                        bg={row.shaded ? 'gray.1' : undefined}
                        fw={row.shaded ? 700 : undefined}
                        data-row={row.label}
                        style={row.note ? apart : undefined}
                      >
                        <Table.Td>
                          {row.label}
                          {row.note && <NoteLine note={row.note} />}
                        </Table.Td>
                        {row.cells.map((cell) => (
                          <Table.Td key={String(cell.centerId)} ta="center">
                            {mayOpen && row.clickable && cell.total > 0 ? (
                              <UnstyledButton c="blue" td="underline" onClick={() => open(cell)}>
                                {number(cell.total)}
                              </UnstyledButton>
                            ) : (
                              number(cell.total)
                            )}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </Paper>
            <Paper withBorder p="sm" style={{ flex: '1 1 320px' }}>
              <Text fw={600}>{t('reports.group.chart')}</Text>
              <Text size="sm" c="gray.7" mb="xs">
                {t('reports.group.chartHint')}
              </Text>
              <BarChart
                h={360}
                data={report.AllCenterList.map((c, i) => ({
                  center: c.name,
                  [actionsSeries]: report.totalsum[i]?.total ?? 0,
                }))}
                dataKey="center"
                orientation="vertical"
                yAxisProps={{ width: 140 }}
                withLegend
                series={[{ name: actionsSeries, color: 'teal.6' }]}
              />
            </Paper>
          </Group>
        </>
      )}
    </Stack>
  );
}
