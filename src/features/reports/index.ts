export { ReportPage } from './components/report-page';
export { ReportDetailsPage } from './components/report-details-page';
export { GroupReportPage } from './components/group-report-page';
