import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const HallTicketPage = lazyPage(() => import('./HallTicketPage'));

export const hallTicketRoutes: RouteObject[] = [{ path: '/hallticket', element: <HallTicketPage /> }];
