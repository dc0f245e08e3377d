import type { NotificationsData, RecentNotifications, UnreadEvent } from '@campus/contract/notifications';
import { paths } from '@campus/contract/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { notificationKeys, notificationsKey } from '../keys';

export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationsData> {
  return (await request<NotificationsData>(paths.notifications.list, { signal })).data;
}

/** GET unread-count: the bell's number alone, for when the live stream is down. */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await request<UnreadEvent>(paths.notifications.unreadCount, { signal })).data.unread;
}

/** GET getnotification: the page's lists (unread, read), newest first. */
export function useNotifications() {
  return useQuery({ queryKey: notificationKeys.list, queryFn: ({ signal }) => fetchNotifications(signal) });
}

/** GET recent: the newest few unread notifications and the unread count, for the home page. */
export function useRecentNotifications() {
  return useQuery({
    queryKey: notificationKeys.recent,
    queryFn: async ({ signal }) => (await request<RecentNotifications>(paths.notifications.recent, { signal })).data,
  });
}

/** PATCH readnotification/:id. The bell follows from the stream's `unread` event, or the refetch. */
export function useReadNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => request<unknown>(paths.notifications.read(notificationId), { method: 'PATCH' }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** PATCH readallnotifications. */
export function useReadAllNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request<unknown>(paths.notifications.readAll, { method: 'PATCH' }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
