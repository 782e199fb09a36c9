export { NotificationListPage } from './components/notification-list-page';
export { useUnreadCount } from './hooks/use-notifications';
export { LatestNotifications } from './components/latest-notifications';
