import { api } from '@campus/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { notificationKeys, notificationsKey } from '../keys';

async function fetchNotifications(signal?: AbortSignal) {
  return (await call(api.notifications.list, { signal })).data;
}

/** GET unread-count: the bell's number alone, for when the live stream is down. */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await call(api.notifications.unreadCount, { signal })).data.unread;
}

/** GET getnotification: the page's lists (unread, read), newest first. */
export function useNotifications() {
  return useQuery({ queryKey: notificationKeys.list, queryFn: ({ signal }) => fetchNotifications(signal) });
}

/** GET recent: the newest few unread notifications and the unread count, for the home page. */
export function useRecentNotifications() {
  return useQuery({
    queryKey: notificationKeys.recent,
    queryFn: async ({ signal }) => (await call(api.notifications.recent, { signal })).data,
  });
}

/** PATCH readnotification/:id. The bell follows from the stream's `unread` event, or the refetch. */
export function useReadNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => call(api.notifications.read, { params: { notificationId } }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** PATCH readallnotifications. */
export function useReadAllNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.notifications.readAll),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
