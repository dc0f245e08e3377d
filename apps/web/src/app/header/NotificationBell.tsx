import { NavLink } from 'react-router';
import { navItemClass } from './styles';

/**
 * The bell, linking to /all-notifications. The spec's unread count arrives with the
 * notifications issue; until then no number is shown rather than an invented one.
 */
export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <NavLink
      to="/all-notifications"
      aria-label="Notifications"
      title="Notifications"
      onClick={onNavigate}
      className={({ isActive }) => `${navItemClass} flex items-center gap-2 ${isActive ? 'bg-campus-700' : ''}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
      </svg>
      <span aria-hidden="true" className="md:hidden">
        Notifications
      </span>
    </NavLink>
  );
}
