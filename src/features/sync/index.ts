export { SyncPage } from './components/sync-page';
