import { lazy } from 'react';

/** What the app shell may use of notifications: the bell's count, the toasts, the home card and the page's route. */
export { HomeNotificationSection } from './home-slot';
export { useUnreadCount } from './live';
export { notificationRoutes } from './routes';

/**
 * The toasts, loaded after the page: they show only when a notification arrives while the user is
 * on a page, never in a page's first paint, so every page's first load leaves them out.
 */
export const NotificationToasts = lazy(() => import('./NotificationToasts').then((m) => ({ default: m.NotificationToasts })));
