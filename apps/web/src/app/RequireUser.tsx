import type { User } from '@campus/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../components/Spinner';
import { useCurrentUser } from '../features/auth/api/current-user';

/** Renders its page with the full current user, or sends a logged-out visitor to /login. */
export function RequireUser({ children }: { children: (user: User) => ReactNode }) {
  const q = useCurrentUser();
  if (q.data === undefined) return q.isError ? <Navigate to="/login" replace /> : <Spinner />;
  if (q.data === null) return <Navigate to="/login" replace />;
  return <>{children(q.data)}</>;
}
