/** Notifications (API.md "Notifications"): list items, the listing's caps and the stream's events. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { emptyData } from './envelope';
import { textField, wholeNumber } from './fields';
import { fieldLabel as label } from './labels';
import { API_PREFIX } from './prefix';

/** `unreadnotifications` holds at most this many (the newest); `readnotifications` at most READ_CAP. */
export const UNREAD_CAP = 500;
export const READ_CAP = 100;

export const notificationItemSchema = z.object({
  notificationid: z.string(),
  content: z.string(),
  /** When it was created (ISO-8601). */
  date: z.string(),
  /** A client route where one fits, e.g. /course/<id>; absent where none does. */
  link: z.string().optional(),
}).meta({ id: 'Notification' });
export type NotificationItem = z.infer<typeof notificationItemSchema>;

// In the order the server has always written them: the serializer writes a schema's keys in order.
export const notificationsDataSchema = z.object({
  unreadnotifications: z.array(notificationItemSchema),
  readnotifications: z.array(notificationItemSchema),
  /** The two together, newest first. */
  notifications: z.array(notificationItemSchema),
});
export type NotificationsData = z.infer<typeof notificationsDataSchema>;

/** The stream's event names (Server-Sent Events `event:` field). */
export const STREAM_EVENTS = { notification: 'notification', unread: 'unread' } as const;

/** `event: notification`: one new notification and the recipient's unread count after it. */
export const notificationEventSchema = z.object({
  notification: notificationItemSchema,
  unread: z.number().int(),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/**
 * `event: unread`: the unread count changed for another reason (read, read all) or on connect;
 * also what GET /notifications/unread-count answers.
 */
export const unreadEventSchema = z.object({ unread: z.number().int() });
export type UnreadEvent = z.infer<typeof unreadEventSchema>;

/** A reconnect's last event id, for clients that cannot send the Last-Event-ID header. */
export const streamQuery = z.object({ lastEventId: textField('lastEventId').max(20).optional() });

/** GET /notifications/recent: how many unread ones it answers with, unless `limit` says. */
export const RECENT_DEFAULT = 5;
export const RECENT_MAX = 20;

const RECENT_RANGE = `${label('limit')} must be between 1 and ${RECENT_MAX}`;
export const recentNotificationsQuery = z.object({
  limit: wholeNumber('limit')
    .pipe(z.number().min(1, { error: RECENT_RANGE }).max(RECENT_MAX, { error: RECENT_RANGE }))
    .optional(),
});

/**
 * GET /notifications/recent: the newest few unread notifications (newest first) and how many are
 * unread in all. A few hundred bytes where getnotification may be hundreds of kilobytes: what the
 * home page shows.
 */
export const recentNotificationsSchema = z.object({
  notifications: z.array(notificationItemSchema),
  unread: z.number().int(),
});
export type RecentNotifications = z.infer<typeof recentNotificationsSchema>;

const N = `${API_PREFIX}/notifications`;

/** API.md "Notifications". */
export const notificationsApi = {
  list: endpoint({ method: 'GET', path: `${N}/getnotification`, summary: 'My notifications: unread (newest 500) and read (newest 100), newest first', data: notificationsDataSchema }),
  read: endpoint({ method: 'PATCH', path: `${N}/readnotification/:notificationId`, summary: 'Mark one of my notifications read (404 for anyone else’s)', data: emptyData, errors: [404] }),
  readAll: endpoint({ method: 'PATCH', path: `${N}/readallnotifications`, summary: 'Mark all my notifications read', data: emptyData }),
  stream: endpoint({
    method: 'GET',
    path: `${N}/stream`,
    summary: 'Live notifications (text/event-stream): `notification` events with the unread count, `unread` events',
    query: streamQuery,
    // The events' `data:` lines, for the reader; the answer itself is the stream, not an envelope.
    data: z.union([notificationEventSchema, unreadEventSchema]),
    produces: 'text/event-stream',
  }),
  /** The unread count alone: what the bell polls while its stream is down. */
  unreadCount: endpoint({ method: 'GET', path: `${N}/unread-count`, summary: 'How many of my notifications are unread (what the bell polls when its stream is down)', data: unreadEventSchema }),
  /** The newest few unread ones and the unread count (`?limit=`, 1–20, default 5): the home page's. */
  recent: endpoint({
    method: 'GET',
    path: `${N}/recent`,
    summary: 'My newest unread notifications (limit 1–20, default 5), newest first, and the unread count',
    query: recentNotificationsQuery,
    data: recentNotificationsSchema,
  }),
};
