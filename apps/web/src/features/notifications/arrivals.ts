import type { NotificationItem } from '@campus/contract/notifications';

type Listener = (notification: NotificationItem) => void;
const listeners = new Set<Listener>();

/**
 * New notifications as the live stream delivers them, for whoever shows them (the toasts). The
 * stream belongs to the bell's hook (live.ts); this is how it tells the rest of the page, without
 * a second stream or a query that only ever holds "the latest one".
 */
export function announceArrival(notification: NotificationItem) {
  for (const listener of listeners) listener(notification);
}

/** Calls `listener` with each notification that arrives from now on; returns the unsubscribe. */
export function onArrival(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
