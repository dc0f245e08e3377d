/**
 * Every notification query lives under this prefix. The rule: reading one or all marks the
 * prefix stale (the list, the home card and the bell's count refetch together). The live
 * stream is the exception that proves it: it sets `unread` itself and invalidates everything
 * else the user sees (live.ts), since a notification says something else has changed.
 */
export const notificationsKey = ['notifications'] as const;

export const notificationKeys = {
  list: [...notificationsKey, 'list'] as const,
  /** The bell's number: set by the live stream, or polled when the stream is down. */
  unread: [...notificationsKey, 'unread'] as const,
  /** The home page's newest few unread ones (GET recent), a few hundred bytes. */
  recent: [...notificationsKey, 'recent'] as const,
};

/**
 * The user's delivery choices (GET preferences), apart from the prefix above: reading a
 * notification or the stream's news does not change them.
 */
export const preferencesKey = ['notification-preferences'] as const;

/** What an unsubscribe link would turn off, and whether it is off already: one per link. */
export const unsubscribeStatusKey = (token: string) => ['unsubscribe-status', token] as const;
