import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const HomePage = lazyPage(() => import('./HomePage'));

/** The home route. The app passes the events feature's sections in (features do not import each other). */
export const homeRoutes = ({ events }: { events?: ReactNode } = {}): RouteObject[] => [{ path: '/', element: <HomePage events={events} /> }];
