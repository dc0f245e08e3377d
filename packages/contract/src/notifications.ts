/** Notifications (API.md "Notifications"): list items, the listing's caps and the stream's events. */

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
