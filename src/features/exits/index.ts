export { ExitListPage } from './components/exit-list-page';
