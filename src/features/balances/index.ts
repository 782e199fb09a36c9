export { BalanceListPage } from './components/balance-list-page';
