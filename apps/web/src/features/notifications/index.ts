/** What the app shell may use of notifications: the bell's count and the page's route. */
export { useUnreadCount } from './live';
export { notificationRoutes } from './routes';
