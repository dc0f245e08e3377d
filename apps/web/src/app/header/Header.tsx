import { pages } from '@campus/contract/pages';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Avatar, GuestAvatar } from '../../components/Avatar';
import { useLogout, useViewer } from '../../features/auth';
import { errorText } from '../../lib/api';
import { usePortalConfig } from '../../lib/config/portal-config';
import type { StoredUser } from '../../lib/secure-store';
import { AccountMenu } from './AccountMenu';
import { EventsMenu } from './EventsMenu';
import { preloadMenus } from './HeaderMenu';
import { navLinks } from './nav-links';
import { NotificationBell } from './NotificationBell';
import { navItemClass } from './styles';

const linkClass = ({ isActive }: { isActive: boolean }) => `${navItemClass} ${isActive ? 'bg-campus-700' : ''}`;

/** The header of every page (docs/product.md#header); on small screens its links fold behind a Menu button. */
export function Header() {
  const { viewer } = useViewer();
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);
  // Signup is offered unless the server says it is closed (asked only of a visitor).
  const links = navLinks(viewer, usePortalConfig(!viewer).data?.signupOpen !== false);

  return (
    <HeaderBar>
      <Brand />
      {/*
        On a phone the first row is the brand, then the bell and the Menu button: the bell and
        its unread count stay in sight while the links fold behind Menu (on the rows below).
      */}
      <nav
        aria-label="Main"
        className="col-start-1 row-start-1 flex flex-wrap items-center justify-end gap-1 md:flex-1 md:flex-nowrap md:justify-start"
      >
        <button
          type="button"
          className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-campus-700 focus-visible:outline-2 focus-visible:outline-white md:hidden"
          aria-expanded={open}
          aria-controls="main-links account-area"
          onClick={() => {
            if (viewer && !open) preloadMenus();
            setOpenOn(open ? null : pathname);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 stroke-current" fill="none" strokeWidth="2">
            {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          Menu
        </button>
        <div
          id="main-links"
          className={`${open ? 'flex' : 'hidden'} order-last basis-full flex-col gap-1 py-2 md:order-none md:flex md:flex-1 md:basis-auto md:flex-row md:flex-wrap md:items-center md:py-0`}
        >
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={linkClass} onClick={close}>
              {link.label}
            </NavLink>
          ))}
          {viewer && <EventsMenu onNavigate={close} />}
        </div>
        {viewer && <NotificationBell onNavigate={close} />}
      </nav>
      <div
        id="account-area"
        className={`${open ? 'flex' : 'hidden'} w-full items-center gap-3 border-t border-white/20 py-3 md:ml-auto md:flex md:w-auto md:border-0 md:py-0`}
      >
        {viewer ? (
          <LoggedIn viewer={viewer} onNavigate={close} />
        ) : (
          <Link to={pages.login} title="Log in" onClick={close} className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
            <GuestAvatar />
          </Link>
        )}
      </div>
    </HeaderBar>
  );
}

/**
 * The header while nobody knows yet who is looking (the current user is loading): the bar and
 * the title, no links. index.html paints the same frame before the scripts arrive.
 */
export function HeaderFrame() {
  return (
    <HeaderBar>
      <Brand />
    </HeaderBar>
  );
}

function HeaderBar({ children }: { children: ReactNode }) {
  return (
    <header className="bg-campus-600 text-white shadow">
      {/* A one-column grid on a phone, so the brand and the nav's first row share a line. */}
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-start gap-x-2 gap-y-1 px-4 py-2 md:flex md:flex-wrap md:items-center">{children}</div>
    </header>
  );
}

/** The logo and the title, leading home. */
function Brand() {
  return (
    <Link to={pages.home} className="relative z-10 col-start-1 row-start-1 mr-2 flex items-center gap-2 justify-self-start rounded-md py-1 text-lg font-bold focus-visible:outline-2 focus-visible:outline-white lg:mr-4">
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      Campus Portal
    </Link>
  );
}

/** Avatar (to /update-avatar), the badge with its account menu, and Logout. */
function LoggedIn({ viewer, onNavigate }: { viewer: StoredUser; onNavigate: () => void }) {
  const logout = useLogout();
  return (
    <>
      <Link to={pages.updateAvatar} title="Change avatar" onClick={onNavigate} className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
        <Avatar src={viewer.avatar} name={viewer.fullname} />
      </Link>
      <AccountMenu viewer={viewer} onNavigate={onNavigate} />
      <div className="ml-auto flex flex-col items-end md:ml-0">
        <button
          type="button"
          disabled={logout.isPending}
          // Once logged out (a 401 counts: the session had already ended) useLogout lands on /login.
          onClick={() => logout.mutate()}
          className="rounded-lg border border-white/50 px-3 py-1.5 text-sm font-medium hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-60"
        >
          {logout.isPending ? 'Logging out…' : 'Logout'}
        </button>
        {logout.isError && (
          <p role="alert" className="mt-1 max-w-56 rounded bg-red-50 px-2 py-1 text-xs text-red-800">
            {errorText(logout.error)}
          </p>
        )}
      </div>
    </>
  );
}
