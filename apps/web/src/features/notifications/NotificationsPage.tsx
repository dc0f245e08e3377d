import { pages } from '@campus/contract/pages';
import type { NotificationItem } from '@campus/contract/notifications';
import { Link, useNavigate } from 'react-router';
import { ErrorBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { errorText } from '../../lib/api';
import { RequireUser } from '../auth';
import { useNotifications, useReadAllNotifications, useReadNotification } from './api/notifications';
import { usePageTitle } from '../../lib/use-page-title';
import { formatMoment } from '../../lib/dates';

/** /all-notifications (docs/product.md#notifications): unread ones are clickable, read ones framed. */
export default function NotificationsPage() {
  usePageTitle('Notifications');
  return <RequireUser>{() => <Notifications />}</RequireUser>;
}

function Notifications() {
  const list = useNotifications();
  const readAll = useReadAllNotifications();
  const unread = list.data?.unreadnotifications ?? [];
  const read = list.data?.readnotifications ?? [];

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-campus-900">Notifications</h1>
        <div className="flex flex-wrap items-center gap-4">
          <Link to={pages.notificationSettings} className="font-medium text-campus-700 underline">
            Notification settings
          </Link>
          {unread.length > 0 && (
            <Button variant="secondary" onClick={() => readAll.mutate()} disabled={readAll.isPending}>
              {readAll.isPending ? 'Marking…' : 'Mark all as read'}
            </Button>
          )}
        </div>
      </div>
      <ErrorBanner message={readAll.isError ? errorText(readAll.error) : null} />
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : list.isPending ? (
        <Spinner label="Loading notifications" />
      ) : unread.length + read.length === 0 ? (
        <p className="py-10 text-center text-lg font-semibold text-slate-600">No Notifications</p>
      ) : (
        <>
          {unread.length > 0 && (
            <div className="flex flex-col gap-2">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Unread</h2>
              <ul className="flex flex-col gap-2">
                {unread.map((n) => (
                  <li key={n.notificationid}>
                    <UnreadNotification notification={n} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          {read.length > 0 && (
            <div className="flex flex-col gap-2">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Read</h2>
              <ul className="flex flex-col gap-2">
                {read.map((n) => (
                  <li key={n.notificationid} className="rounded-lg border border-slate-300 bg-white/60 px-4 py-3 text-slate-600">
                    <p>{n.content}</p>
                    <p className="mt-1 flex gap-3 text-xs text-slate-500">
                      <time dateTime={n.date}>{formatMoment(n.date)}</time>
                      {n.link && (
                        <Link to={n.link} className="text-campus-700 underline">
                          Open
                        </Link>
                      )}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** Clicking marks it read and follows its link, if it has one (docs/product.md#notifications). */
function UnreadNotification({ notification }: { notification: NotificationItem }) {
  const read = useReadNotification();
  const navigate = useNavigate();
  const open = () => {
    read.mutate(notification.notificationid);
    if (notification.link) navigate(notification.link);
  };
  return (
    <button
      type="button"
      onClick={open}
      disabled={read.isPending}
      className="w-full rounded-lg bg-campus-50 px-4 py-3 text-left font-medium text-campus-900 shadow-sm ring-1 ring-campus-100 hover:bg-campus-100 focus-visible:outline-2 focus-visible:outline-campus-600"
    >
      <span className="block">{notification.content}</span>
      <time dateTime={notification.date} className="mt-1 block text-xs font-normal text-slate-600">
        {formatMoment(notification.date)}
      </time>
    </button>
  );
}
