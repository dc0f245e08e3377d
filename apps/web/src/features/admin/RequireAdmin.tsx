import type { User } from '@campus/contract/users';
import type { ReactNode } from 'react';
import { NotForYou } from '../../components/NotForYou';
// The administration's words (its filters, roles, the roster's upload) come with its pages.
import '../../lib/admin-words';
import { isAdmin, RequireUser } from '../auth';

/** The administration's pages render for administrators; anyone else is told, as the server would answer them (403). */
export function RequireAdmin({ children }: { children: (user: User) => ReactNode }) {
  return (
    <RequireUser>
      {(user) => (isAdmin(user) ? children(user) : <NotForYou>The administration pages are for the campus’s administrators.</NotForYou>)}
    </RequireUser>
  );
}
