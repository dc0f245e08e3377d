/** Notifications (docs/product.md#notifications-who-is-told): list items, the listing's caps and the stream's events. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { emptyData } from './envelope';
import { textField, wholeNumber } from './fields';
import { refusalMessage as says, requiredMessage } from './refusals';
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

// The stream's event names and the client routes live in constants.ts, free of zod: the web
// app's shell reads them on every page.
import { DELIVERIES, NOTIFICATION_KINDS, UNSUBSCRIBE_PAGE, type NotificationKind } from './constants';
export { NOTIFICATION_SETTINGS_PAGE, STREAM_EVENTS, UNSUBSCRIBE_PAGE } from './constants';

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

const RECENT_RANGE = says('out_of_range', { field: 'limit', params: { min: 1, max: RECENT_MAX } });
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

export { DELIVERIES, NOTIFICATION_KINDS, type Delivery, type NotificationKind } from './constants';

const deliveryField = (kind: NotificationKind) =>
  z.enum(DELIVERIES, { error: says('choice_invalid', { field: kind, params: { choices: DELIVERIES } }) });

export const notificationPreferencesSchema = z
  .object({ courses: z.enum(DELIVERIES), notes: z.enum(DELIVERIES), marksheets: z.enum(DELIVERIES), exams: z.enum(DELIVERIES), coursework: z.enum(DELIVERIES) })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * What applies to a user who has not chosen, on a server that sends mail: everything in the
 * portal only, except exam dates and marksheet requests (answered or declined: a student who
 * asked is waiting for the answer), which matter enough to arrive as an email at once.
 */
export const DEFAULT_PREFERENCES: NotificationPreferences = { courses: 'inapp', notes: 'inapp', marksheets: 'immediate', exams: 'immediate', coursework: 'inapp' };

/** What applies to a user who has not chosen, on a server that sends no mail: the portal only. */
export const PREFERENCES_WITHOUT_MAIL: NotificationPreferences = { courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'inapp', coursework: 'inapp' };

/** The defaults that apply on this server: with mail on or off. */
export const defaultPreferences = (mailOn: boolean): NotificationPreferences => (mailOn ? DEFAULT_PREFERENCES : PREFERENCES_WITHOUT_MAIL);

/** PATCH /preferences: any of the kinds; one at least, so a misspelt key is not a silent no-op. */
export const updatePreferencesBody = z
  .object({
    courses: deliveryField('courses').optional(),
    notes: deliveryField('notes').optional(),
    marksheets: deliveryField('marksheets').optional(),
    exams: deliveryField('exams').optional(),
    coursework: deliveryField('coursework').optional(),
  })
  .refine((b) => NOTIFICATION_KINDS.some((k) => b[k] !== undefined), { error: says('preference_needed', { params: { kinds: NOTIFICATION_KINDS } }) });
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBody>;

/**
 * What an unsubscribe link turns off: one kind, or (`digest`, the daily digest's link) every
 * kind the user gets in the digest.
 */
export const UNSUBSCRIBE_SCOPES = [...NOTIFICATION_KINDS, 'digest'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

/** The signed value of an unsubscribe link: the server alone can tell a real one. */
export const unsubscribeQuery = z.object({
  token: textField('token', requiredMessage('token')).min(1, { error: requiredMessage('token') }).max(200, { error: says('text_too_long', { field: 'token' }) }),
});

/**
 * The one-click body of RFC 8058 (form-encoded, as mail providers send it; the web page sends
 * the same as JSON).
 */
export const unsubscribeBody = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: says('choice_invalid', { field: 'List-Unsubscribe', params: { choices: ['One-Click'] } }) }),
});

/**
 * What the link turned off (each kind of it is now `inapp`); nothing more, since whoever holds
 * the link need not be the user.
 */
export const unsubscribedSchema = z.object({ scope: z.enum(UNSUBSCRIBE_SCOPES) });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;

/**
 * What a link would turn off, and whether it is off already (a link used before, or the same
 * choice made in the settings since), so the page says so instead of asking again.
 */
export const unsubscribeStatusSchema = z.object({ scope: z.enum(UNSUBSCRIBE_SCOPES), alreadyOff: z.boolean() });
export type UnsubscribeStatus = z.infer<typeof unsubscribeStatusSchema>;

const N = `${API_PREFIX}/notifications`;


/** The notifications endpoints. */
export const notificationsApi = {
  list: endpoint({ method: 'GET', path: `${N}/getnotification`, summary: 'My notifications: unread (newest 500) and read (newest 100), newest first', data: notificationsDataSchema }),
  read: endpoint({ method: 'PATCH', path: `${N}/readnotification/:notificationId`, summary: 'Mark one of my notifications read (404 for anyone else’s)', data: emptyData, errors: ['notification_not_found'] }),
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
  preferences: endpoint({ method: 'GET', path: `${N}/preferences`, summary: 'How each kind of my notifications reaches me: inapp, immediate (an email at once) or daily (a digest)', data: z.object({ preferences: notificationPreferencesSchema }) }),
  updatePreferences: endpoint({
    method: 'PATCH',
    path: `${N}/preferences`,
    summary: 'Change how some kinds of my notifications reach me; answers all of them',
    body: updatePreferencesBody,
    data: z.object({ preferences: notificationPreferencesSchema }),
    errors: ['preference_needed'],
  }),
  /**
   * The unsubscribe link of emails sent before the links went to the web page directly: checked,
   * then sent on (303) to the page that asks before it POSTs. A GET changes nothing: mail
   * scanners open links. A browser (Accept: text/html) is sent to the page whatever the link
   * holds, so a cut or forged link reads as a page that explains, never as JSON.
   */
  unsubscribePage: endpoint({
    method: 'GET',
    path: `${N}/unsubscribe`,
    summary: `An email's unsubscribe link (no login): 303 to the web page ${UNSUBSCRIBE_PAGE}, which confirms; 400 for a link the server did not sign, except to a browser (Accept: text/html), which the page tells`,
    query: unsubscribeQuery,
    data: z.never(),
    status: 303,
    errors: ['unsubscribe_invalid'],
  }),
  /** What the web page reads first: the link's scope, and whether it is off already. Changes nothing. */
  unsubscribeStatus: endpoint({
    method: 'GET',
    path: `${N}/unsubscribe/status`,
    summary: 'What an unsubscribe link turns off and whether that is off already (no login; changes nothing); 400 for a link the server did not sign',
    query: unsubscribeQuery,
    data: unsubscribeStatusSchema,
    errors: ['unsubscribe_invalid'],
  }),
  /** RFC 8058 one-click (List-Unsubscribe-Post), and the web page's confirmation. */
  unsubscribe: endpoint({
    method: 'POST',
    path: `${N}/unsubscribe`,
    summary: 'One-click unsubscribe (RFC 8058; no login, the signed token is the credential): the kind, or the digest\'s kinds, become inapp',
    query: unsubscribeQuery,
    body: unsubscribeBody,
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    data: unsubscribedSchema,
    errors: ['unsubscribe_invalid'],
  }),
};
