import { NOTIFICATION_SETTINGS_PAGE, UNSUBSCRIBE_PAGE } from '@campus/contract/constants';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const NotificationsPage = lazyPage(() => import('./NotificationsPage'));
const NotificationSettingsPage = lazyPage(() => import('./NotificationSettingsPage'));
const UnsubscribePage = lazyPage(() => import('./UnsubscribePage'));

export const notificationRoutes: RouteObject[] = [
  { path: '/all-notifications', element: <NotificationsPage /> },
  { path: NOTIFICATION_SETTINGS_PAGE, element: <NotificationSettingsPage /> },
  { path: UNSUBSCRIBE_PAGE, element: <UnsubscribePage /> },
];
