import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const VerifyPage = lazyPage(() => import('./VerifyPage'));

/** /verify: anyone checks a signed document (no login). */
export const documentRoutes: RouteObject[] = [{ path: '/verify', element: <VerifyPage /> }];
