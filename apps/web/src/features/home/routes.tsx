import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const HomePage = lazyPage(() => import('./HomePage'));

// The events issue passes its home sections here: <HomePage events={<HomeEvents />} />.
export const homeRoutes: RouteObject[] = [{ path: '/', element: <HomePage /> }];
