import { api } from '@campus/contract/api';
import { STREAM_EVENTS } from '@campus/contract/constants';
import type { NotificationEvent, UnreadEvent } from '@campus/contract/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePageVisible } from '../../lib/use-page-visible';
import { fetchUnreadCount } from './api/notifications';
import { announceArrival } from './arrivals';
import { notificationKeys } from './keys';

/** The polling period (docs/product.md#notifications), used only while the live stream is down. */
const POLL_MS = 10_000;
/** A stream that neither opens nor fails by then (a buffering proxy) counts as down. */
const OPEN_TIMEOUT_MS = 5_000;

type StreamState = 'connecting' | 'live' | 'down';

/** The bell's count, and whether the stream is live (the server has joined it to the hub). */
export interface UnreadCount {
  unread: number | undefined;
  live: boolean;
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * The bell's unread count for the logged-in user (`userId`; null when nobody is confirmed by the
 * server). Live from the event stream, which sends the count when it opens, with every new
 * notification and after every read, on whichever server instance the browser is connected to:
 * while it works, the bell asks the server nothing. While the stream is down (the browser
 * reconnects on its own) or missing, the count alone (unread-count) is polled every 10 s instead;
 * TanStack Query runs one interval per query, never a second one, and pauses it while the tab is
 * hidden. The stream itself is open only while the tab is visible: thirty tabs hold one stream,
 * not thirty (the server caps each user's streams), and a tab brought back gets the count anew.
 */
export function useUnreadCount(userId: string | null): UnreadCount {
  const client = useQueryClient();
  const streams = typeof EventSource !== 'undefined';
  const visible = usePageVisible();
  const [state, setState] = useState<StreamState>('connecting');

  useEffect(() => {
    if (!userId || !streams || !visible) return;
    const source = new EventSource(api.notifications.stream.path);
    const setCount = (unread: number) => client.setQueryData(notificationKeys.unread, unread);
    const stalled = setTimeout(() => setState((s) => (s === 'connecting' ? 'down' : s)), OPEN_TIMEOUT_MS);
    // Whether the stream has been open since it last dropped.
    let open = false;
    source.addEventListener('open', () => {
      clearTimeout(stalled);
      open = true;
    });
    // The server sends the count once it has joined the stream to its hub: from then on every new
    // notification reaches this tab (between the stream's headers and that, one could be missed).
    source.addEventListener(STREAM_EVENTS.unread, (e) => {
      setCount((JSON.parse((e as MessageEvent<string>).data) as UnreadEvent).unread);
      setState('live');
    });
    source.addEventListener(STREAM_EVENTS.notification, (e) => {
      const event = JSON.parse((e as MessageEvent<string>).data) as NotificationEvent;
      setCount(event.unread);
      announceArrival(event.notification);
      // A notification says that something this user sees has changed (a course, its notes, a
      // marksheet, the list of notifications itself): what is on screen refetches now, the rest
      // when it is next shown. The count was just set, so it is left alone.
      void client.invalidateQueries({ predicate: (q) => !sameKey(q.queryKey, notificationKeys.unread) });
    });
    // An error means the stream dropped: poll until it is back (or for good, if it closed).
    // The server also ends the streams of a session that has ended (a logout elsewhere, a
    // password change, an administrator's deactivation): the count asked at once answers 401
    // then, which logs this tab out now rather than at the next poll. Once per drop, not per
    // reconnection attempt.
    source.addEventListener('error', () => {
      setState('down');
      if (!open) return;
      open = false;
      fetchUnreadCount().then(setCount, () => {});
    });
    return () => {
      clearTimeout(stalled);
      source.close();
      setState('connecting');
    };
  }, [userId, client, streams, visible]);

  const polled = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    // Only without a working stream; otherwise the stream sets the count (disabled, the query
    // still shows what was set).
    enabled: userId !== null && (!streams || state === 'down'),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
  });
  return { unread: userId ? polled.data : undefined, live: userId !== null && state === 'live' };
}
