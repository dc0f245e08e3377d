import { pages } from '@campus/contract/pages';
import { NavLink } from 'react-router';
import { useCurrentUser } from '../../features/auth';
import { useUnreadCount } from '../../features/notifications';
import { navItemClass } from './styles';

/** Shown as is up to 99; more is "99+" (the number must fit the badge). */
const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The bell, linking to /all-notifications, always in the header bar (on a phone too, beside the
 * Menu button rather than folded behind it), with the unread count kept live by the notification
 * stream. It listens only once the server has confirmed who is logged in (not on the locally
 * kept copy of the user), so a stale copy never opens a stream that would be refused.
 * `data-live` says the stream is joined: a browser test waits for it before it makes something
 * happen that should arrive live.
 */
export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const confirmed = useCurrentUser().data ?? null;
  const count = useUnreadCount(confirmed?._id ?? null);
  const unread = count.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <NavLink
      to={pages.notifications}
      aria-label={label}
      title={label}
      data-live={count.live}
      onClick={onNavigate}
      className={({ isActive }) => `${navItemClass} relative flex items-center gap-2 ${isActive ? 'bg-campus-700' : ''}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
      </svg>
      {unread > 0 && (
        <span aria-hidden="true" data-testid="unread-count" className="absolute -right-1 top-0 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs font-bold leading-5 text-white">
          {badgeText(unread)}
        </span>
      )}
    </NavLink>
  );
}
