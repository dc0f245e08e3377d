import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const NotificationsPage = lazyPage(() => import('./NotificationsPage'));

export const notificationRoutes: RouteObject[] = [{ path: '/all-notifications', element: <NotificationsPage /> }];
