export { CenterListPage } from './components/center-list-page';
export { CenterFormPage } from './components/center-form-page';
