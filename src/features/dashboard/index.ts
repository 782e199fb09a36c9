export { DashboardPage, dashboardTiles } from './components/dashboard-page';
