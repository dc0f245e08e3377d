import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const ViewerPage = lazyPage(() => import('./ViewerPage'));

export const fileRoutes: RouteObject[] = [{ path: '/view', element: <ViewerPage /> }];
