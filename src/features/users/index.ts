export { UserListPage } from './components/user-list-page';
