import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const UsersPage = lazyPage(() => import('./UsersPage'));
const UserPage = lazyPage(() => import('./UserPage'));
const AuditPage = lazyPage(() => import('./AuditPage'));
const ActivityPage = lazyPage(() => import('./ActivityPage'));

export const adminRoutes: RouteObject[] = [
  { path: '/admin/users', element: <UsersPage /> },
  { path: '/admin/users/:userId', element: <UserPage /> },
  { path: '/admin/audit', element: <AuditPage /> },
  // Everyone's own page, though it reads the same audit trail and says it the same way.
  { path: '/activity', element: <ActivityPage /> },
];
