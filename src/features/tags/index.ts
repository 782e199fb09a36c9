export { TagListPage } from './components/tag-list-page';
