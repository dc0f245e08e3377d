/** Notifications (API.md "Notifications"): list items, the listing's caps and the stream's events. */
import { z } from 'zod';
import { wholeNumber } from './fields';
import { fieldLabel as label } from './labels';

/** `unreadnotifications` holds at most this many (the newest); `readnotifications` at most READ_CAP. */
export const UNREAD_CAP = 500;
export const READ_CAP = 100;

export interface NotificationItem {
  notificationid: string;
  content: string;
  /** When it was created (ISO-8601). */
  date: string;
  /** A client route where one fits, e.g. /course/<id>. */
  link?: string;
}

export interface NotificationsData {
  readnotifications: NotificationItem[];
  unreadnotifications: NotificationItem[];
  /** The two together, newest first. */
  notifications: NotificationItem[];
}

/** The stream's event names (Server-Sent Events `event:` field). */
export const STREAM_EVENTS = { notification: 'notification', unread: 'unread' } as const;

/** `event: notification`: one new notification and the recipient's unread count after it. */
export interface NotificationEvent {
  notification: NotificationItem;
  unread: number;
}

/**
 * `event: unread`: the unread count changed for another reason (read, read all) or on connect;
 * also what GET /notifications/unread-count answers.
 */
export interface UnreadEvent {
  unread: number;
}

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
export interface RecentNotifications {
  notifications: NotificationItem[];
  unread: number;
}
