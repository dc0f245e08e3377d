import type { User } from '@campus/contract/users';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useCurrentUser } from './api/current-user';

/**
 * Renders its page with the full current user from the server. A logged-out visitor is sent
 * to /login; when the server could not be asked, nothing is shown (the layout says why).
 */
export function RequireUser({ children }: { children: (user: User) => ReactNode }) {
  const q = useCurrentUser();
  if (q.data === null) return <Navigate to="/login" replace />;
  if (q.data !== undefined) return <>{children(q.data)}</>;
  return q.isError ? null : <Spinner label="Loading your account" />;
}
