export { SchemeListPage } from './components/scheme-list-page';
