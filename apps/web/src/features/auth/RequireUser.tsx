import type { CurrentUser } from '@campus/contract/users';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useCurrentUser } from './api/current-user';
import { LOGGED_OUT_STATE, LOGIN_PATH, loginHref } from './return-to';
import { endedByLogout } from './session';

/**
 * Renders its page with the full current user from the server (and how the session began). A logged-out visitor is sent
 * to /login, which returns here after login; after a deliberate logout, to the logged-out login
 * page instead. When the server could not be asked, nothing is shown (the layout says why).
 */
export function RequireUser({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const q = useCurrentUser();
  const { pathname, search, hash } = useLocation();
  if (q.data === null) {
    return endedByLogout() ? <Navigate to={LOGIN_PATH} state={LOGGED_OUT_STATE} replace /> : <Navigate to={loginHref(pathname + search + hash)} replace />;
  }
  if (q.data !== undefined) return <>{children(q.data)}</>;
  return q.isError ? null : <Spinner label="Loading your account" />;
}
