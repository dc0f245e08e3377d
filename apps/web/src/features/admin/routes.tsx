import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const UsersPage = lazyPage(() => import('./UsersPage'));
const UserPage = lazyPage(() => import('./UserPage'));
const AuditPage = lazyPage(() => import('./AuditPage'));
const ActivityPage = lazyPage(() => import('./ActivityPage'));
const RosterPage = lazyPage(() => import('./RosterPage'));
const SignInPage = lazyPage(() => import('./SignInPage'));
const SignInTestPage = lazyPage(() => import('./SignInTestPage'));

export const adminRoutes: RouteObject[] = [
  { path: '/admin/users', element: <UsersPage /> },
  { path: '/admin/users/:userId', element: <UserPage /> },
  { path: '/admin/audit', element: <AuditPage /> },
  { path: '/admin/roster', element: <RosterPage /> },
  { path: '/admin/sign-in', element: <SignInPage /> },
  // Where a test sign-in comes back to from the provider.
  { path: '/admin/sign-in/:testId', element: <SignInTestPage /> },
  // Everyone's own page, though it reads the same audit trail and says it the same way.
  { path: '/activity', element: <ActivityPage /> },
];
