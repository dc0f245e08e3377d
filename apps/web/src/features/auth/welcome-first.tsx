import type { User } from '@campus/contract/users';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { pages } from '@campus/contract/pages';
import { useCurrentUser } from './api/current-user';
import { welcomeHref } from './return-to';
import { isStudent } from './roles';

/**
 * A student whose campus directory (and the registrar's roster) gave no semester or branch: she
 * chooses them once, on /welcome, before anything else. Staff need neither.
 */
export const needsCohort = (user: Pick<User, 'userrole' | 'semester' | 'branch' | 'registrationId' | 'isExamOffice' | 'isAdmin'>) =>
  isStudent(user) && (user.semester === null || user.branch === null);

/**
 * The app's pages, or for such a student the welcome page first, which then goes on to the page
 * she was going to. Only the server's answer counts (not the kept copy): it alone says what is known now.
 */
export function WelcomeFirst({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const { pathname, search, hash } = useLocation();
  if (user && needsCohort(user) && pathname !== pages.welcome) return <Navigate to={welcomeHref(pathname + search + hash)} replace />;
  return <>{children}</>;
}
