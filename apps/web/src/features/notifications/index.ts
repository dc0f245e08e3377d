/** What the app shell may use of notifications: the bell's count, the toasts, the home card and the page's route. */
export { HomeNotificationSection } from './home-slot';
export { useUnreadCount } from './live';
export { NotificationToasts } from './NotificationToasts';
export { notificationRoutes } from './routes';
