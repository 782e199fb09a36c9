export { BeneficiaryListPage } from './components/beneficiary-list-page';
