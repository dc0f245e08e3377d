import { pages } from '@campus/contract/pages';
import { NavLink } from 'react-router';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-campus-600 ${isActive ? 'bg-campus-600 text-white' : 'text-campus-700 hover:bg-campus-50'}`;

/** Between the administration's pages: its two lists, the roster import and the campus sign-in (the header has one link to them). */
export function AdminNav() {
  return (
    <nav aria-label="Administration" className="flex flex-wrap gap-2">
      <NavLink to={pages.adminUsers} className={linkClass}>
        Users
      </NavLink>
      <NavLink to={pages.adminAudit()} className={linkClass}>
        Audit log
      </NavLink>
      <NavLink to={pages.adminRoster} className={linkClass}>
        Roster import
      </NavLink>
      <NavLink to={pages.adminSignIn} className={linkClass}>
        Campus sign-in
      </NavLink>
    </nav>
  );
}
