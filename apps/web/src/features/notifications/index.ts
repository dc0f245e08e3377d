/** What the app shell may use of notifications: the bell's count, the toasts and the page's route. */
export { useUnreadCount } from './live';
export { NotificationToasts } from './NotificationToasts';
export { notificationRoutes } from './routes';
