export { RoleListPage } from './components/role-list-page';
