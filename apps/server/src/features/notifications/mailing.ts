import { NOTIFICATION_SETTINGS_PAGE, paths, type NotificationKind } from '@campus/contract';
import type { Config } from '../../platform/config/config';
import { signingKey, type SigningKey } from './unsubscribe-token';

/** What emails about notifications need: where links point, and the key that signs unsubscribe links. */
export interface Mailing {
  /** PUBLIC_ORIGIN (config.mail.linkOrigin): links in an email cannot be relative. */
  origin: string;
  key: SigningKey;
}

const keys = new WeakMap<Config, SigningKey | null>();

/** MAIL_SECRET's signing key (computed once per config); undefined without one. */
export function signingKeyOf(config: Config): SigningKey | undefined {
  let key = keys.get(config);
  if (key === undefined) {
    key = config.mailSecret ? signingKey(config.mailSecret) : null;
    keys.set(config, key);
  }
  return key ?? undefined;
}

/** Whether notifications go out by email on this server, and how; undefined when mail is off. */
export function mailingOf(config: Config): Mailing | undefined {
  const key = signingKeyOf(config);
  // loadConfig requires MAIL_SECRET with mail on; a config assembled otherwise sends none.
  if (!config.mail || !key) return undefined;
  return { origin: config.mail.linkOrigin, key };
}

/** How an email names a kind: "You chose to get … by email". */
export const KIND_WORDS: Record<NotificationKind, string> = {
  courses: 'course announcements',
  notes: 'new notes',
  marksheets: 'marksheet news',
};

export const settingsUrl = (m: Mailing) => `${m.origin}${NOTIFICATION_SETTINGS_PAGE}`;
/** The link's address without its token (the token is appended, per recipient, in SQL). */
export const unsubscribeBase = (m: Mailing) => `${m.origin}${paths.notifications.unsubscribe}?token=`;
