import { pages } from '@campus/contract/pages';
import type { NotificationItem } from '@campus/contract/notifications';
import { Link } from 'react-router';
import { DashboardCard, DashboardCardLoading } from '../../components/DashboardCard';
import { formatMoment } from '../../lib/dates';
import { useCurrentUser } from '../auth';
import { useReadNotification, useRecentNotifications } from './api/notifications';
import { notificationsCard } from './home-slot';

/**
 * The home page's unread notifications: the newest five (GET recent, not the whole list), each
 * leading where it points and read on the way, and "See all". A notification arriving on the live
 * stream refreshes it (live.ts marks every query but the count stale).
 */
export default function HomeNotifications() {
  const user = useCurrentUser();
  // Loading in its place until the server has confirmed the user, not absent and then inserted.
  if (!user.data) return user.isPending ? <DashboardCardLoading {...notificationsCard} /> : null;
  return <NotificationsCard />;
}

function NotificationsCard() {
  const recent = useRecentNotifications();
  const unread = recent.data?.unread ?? 0;
  return (
    <DashboardCard {...notificationsCard} query={recent}>
      {() =>
        unread === 0 ? (
          <p className="text-slate-600">You are all caught up.</p>
        ) : (
          <>
            <ul className="flex flex-col gap-2">
              {recent.data!.notifications.map((n) => (
                <li key={n.notificationid}>
                  <RecentNotification notification={n} />
                </li>
              ))}
            </ul>
            {unread > recent.data!.notifications.length && (
              <p className="text-sm text-slate-600">
                {unread - recent.data!.notifications.length} more unread on the notifications page.
              </p>
            )}
          </>
        )
      }
    </DashboardCard>
  );
}

function RecentNotification({ notification }: { notification: NotificationItem }) {
  const read = useReadNotification();
  return (
    <Link
      to={notification.link ?? pages.notifications}
      onClick={() => read.mutate(notification.notificationid)}
      className="block rounded-lg bg-campus-50 px-3 py-2 text-campus-900 ring-1 ring-campus-100 hover:bg-campus-100 focus-visible:outline-2 focus-visible:outline-campus-600"
    >
      <span className="block font-medium">{notification.content}</span>
      <time dateTime={notification.date} className="block text-xs text-slate-600">
        {formatMoment(notification.date)}
      </time>
    </Link>
  );
}
