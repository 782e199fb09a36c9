export { NotificationListPage } from './components/notification-list-page';
export { useUnreadCount } from './hooks/use-notifications';
