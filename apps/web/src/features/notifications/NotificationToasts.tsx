import { pages } from '@campus/contract/pages';
import type { NotificationItem } from '@campus/contract/notifications';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useReadNotification } from './api/notifications';
import { onArrival } from './arrivals';

/** How long a toast stays, unless the pointer or focus is on it. */
export const TOAST_MS = 8_000;
/** The newest few; an older one makes room (the bell still counts them all). */
const MAX_TOASTS = 3;
const PAGE = pages.notifications;

/**
 * A toast for each notification that arrives while the user is on a page, linking where it
 * points (else to the notifications page). The region is a polite live region that is always
 * there, so screen readers announce each toast without it ever taking focus. None shows on the
 * notifications page itself: the new one is already on the list there.
 */
export function NotificationToasts() {
  const { pathname } = useLocation();
  const onPage = pathname === PAGE;
  const [toasts, setToasts] = useState<NotificationItem[]>([]);

  useEffect(() => {
    if (onPage) return;
    return onArrival((n) => setToasts((shown) => [n, ...shown.filter((t) => t.notificationid !== n.notificationid)].slice(0, MAX_TOASTS)));
  }, [onPage]);

  // Arriving on the notifications page clears what was shown: the page lists them all.
  if (onPage && toasts.length > 0) setToasts([]);
  const dismiss = useCallback((id: string) => setToasts((shown) => shown.filter((t) => t.notificationid !== id)), []);

  return (
    // A live region without role="status", which the app keeps for its "Success" banners.
    <div
      aria-live="polite"
      data-testid="notification-toasts"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
    >
      {toasts.map((n) => (
        <Toast key={n.notificationid} notification={n} onDismiss={dismiss} />
      ))}
    </div>
  );
}

function Toast({ notification, onDismiss }: { notification: NotificationItem; onDismiss: (id: string) => void }) {
  const id = notification.notificationid;
  const [held, setHeld] = useState({ hover: false, focus: false });
  const paused = held.hover || held.focus;
  const read = useReadNotification();

  // Counts down only while nobody is reading it; hover or focus stops the clock, leaving restarts it.
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [paused, id, onDismiss]);

  return (
    <div
      className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg bg-white p-4 text-slate-800 shadow-lg ring-1 ring-slate-200"
      onPointerEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onPointerLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0 fill-campus-600">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
      </svg>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">New notification</p>
        {/* Following it reads it, as clicking it on the notifications page does. */}
        <Link
          to={notification.link ?? PAGE}
          onClick={() => {
            read.mutate(id);
            onDismiss(id);
          }}
          className="mt-1 block break-words font-medium text-campus-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-campus-600"
        >
          {notification.content}
        </Link>
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(id)}
        className="rounded px-2 text-xl leading-none text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-campus-600"
      >
        ×
      </button>
    </div>
  );
}
