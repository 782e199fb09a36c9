export { CwcListPage } from './components/cwc-list-page';
export { CwcFormPage } from './components/cwc-form-page';
