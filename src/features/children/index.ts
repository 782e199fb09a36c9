export { ChildListPage } from './components/child-list-page';
export { ChildProfilePage } from './components/child-profile-page';
