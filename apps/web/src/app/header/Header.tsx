import { lazy, Suspense, useState } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { useViewer } from '../../features/auth/api/current-user';
import { usePortalConfig } from '../../lib/config/portal-config';
import { Avatar } from './Avatar';
import { navLinks } from './nav-links';

const ViewerControls = lazy(() => import('./ViewerControls'));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 text-sm font-medium hover:bg-campus-700/40 ${isActive ? 'bg-campus-700/60' : ''}`;

export function Header() {
  const { viewer } = useViewer();
  const config = usePortalConfig();
  const [open, setOpen] = useState(false);
  const links = navLinks(viewer, config.data?.examOfficeRegistrationId);

  return (
    <header className="bg-campus-600 text-white shadow">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-2">
        <Link to="/" className="mr-4 flex items-center gap-2 text-lg font-bold">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          Campus Portal
        </Link>
        <button
          type="button"
          className="ml-auto rounded px-3 py-2 md:hidden"
          aria-expanded={open}
          aria-controls="main-nav"
          onClick={() => setOpen((o) => !o)}
        >
          Menu
        </button>
        <nav
          id="main-nav"
          aria-label="Main"
          className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-1 md:flex md:w-auto md:flex-1 md:flex-row md:items-center`}
        >
          {links.map((l) => (
            <RouterNavLink key={l.to} to={l.to} end={l.to === '/'} className={linkClass} onClick={() => setOpen(false)}>
              {l.label}
            </RouterNavLink>
          ))}
          {viewer && (
            <Suspense fallback={null}>
              <ViewerControls viewer={viewer} part="events" />
            </Suspense>
          )}
          {viewer && (
            <RouterNavLink to="/all-notifications" className={linkClass} aria-label="Notifications" title="Notifications">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
                <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
              </svg>
            </RouterNavLink>
          )}
        </nav>
        <div className={`${open ? 'flex' : 'hidden'} w-full md:ml-auto md:flex md:w-auto`}>
          {viewer ? (
            <Suspense fallback={<Avatar src={viewer.avatar} name={viewer.fullname} />}>
              <ViewerControls viewer={viewer} part="user" />
            </Suspense>
          ) : (
            <Link to="/login" title="Log in">
              <Avatar src="" name="Guest" />
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
