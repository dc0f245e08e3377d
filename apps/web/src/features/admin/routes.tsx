import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const UsersPage = lazyPage(() => import('./UsersPage'));
const UserPage = lazyPage(() => import('./UserPage'));
const AuditPage = lazyPage(() => import('./AuditPage'));
const ActivityPage = lazyPage(() => import('./ActivityPage'));
const RosterPage = lazyPage(() => import('./RosterPage'));

export const adminRoutes: RouteObject[] = [
  { path: '/admin/users', element: <UsersPage /> },
  { path: '/admin/users/:userId', element: <UserPage /> },
  { path: '/admin/audit', element: <AuditPage /> },
  { path: '/admin/roster', element: <RosterPage /> },
  // Everyone's own page, though it reads the same audit trail and says it the same way.
  { path: '/activity', element: <ActivityPage /> },
];
