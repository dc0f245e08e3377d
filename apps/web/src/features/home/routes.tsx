import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

import type { HomeSlots } from './HomePage';

const HomePage = lazyPage(() => import('./HomePage'));

/** The home route. The app passes the other features' sections in (features do not import each other). */
export const homeRoutes = (slots: HomeSlots = {}): RouteObject[] => [{ path: '/', element: <HomePage {...slots} /> }];
