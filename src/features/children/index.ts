export { ChildListPage } from './components/child-list-page';
