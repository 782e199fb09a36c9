export { ChildListPage } from './components/child-list-page';
export { ChildProfilePage, type ProfileSlotProps } from './components/child-profile-page';
export type { SideMenuItem } from './components/profile-side-menu';
