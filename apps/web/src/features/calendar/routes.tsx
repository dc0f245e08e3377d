import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const CalendarPage = lazyPage(() => import('./CalendarPage'));

export const calendarRoutes: RouteObject[] = [{ path: '/calendar', element: <CalendarPage /> }];
