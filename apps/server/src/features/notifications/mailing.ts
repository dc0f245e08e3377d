import { pages, paths, type NotificationKind, type UnsubscribeScope } from '@campus/contract';
import type { Config } from '../../platform/config/config';
import type { MailContext } from '../../platform/mail/mail-template';
import { signingKey, signUnsubscribe, type SigningKey } from './unsubscribe-token';

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

/** Whether notifications go out by email on this server (mail on, and a key for their unsubscribe links). */
export function notificationEmailsOn(config: Config): boolean {
  // loadConfig requires MAIL_SECRET with mail on; a config assembled otherwise sends none.
  return config.mail !== undefined && signingKeyOf(config) !== undefined;
}

/** How an email names a kind: "You chose to hear about … by email". */
export const KIND_WORDS: Record<NotificationKind, string> = {
  courses: 'course announcements',
  notes: 'new notes',
  marksheets: 'marksheet news',
  exams: 'exam dates',
  coursework: 'coursework',
};

/** The two ways out of one kind of email, signed with the same short token. */
export interface UnsubscribeLinks {
  /** For the reader, in the body: the web page, which checks the link and asks before it POSTs. */
  page: string;
  /** For the mail client's Unsubscribe button (RFC 8058): the API, which a POST alone answers. */
  oneClick: string;
}

/** The links of a notification email, each built here (absolute, on PUBLIC_ORIGIN). */
export interface EmailLinks {
  /** A client route of the web app (a notification's link). */
  page(route: string): string;
  /** Where the user chooses what reaches them by email. */
  settings: string;
  /** The ways out of `scope`'s emails, signed for the user. */
  unsubscribe(userId: string, scope: UnsubscribeScope): UnsubscribeLinks;
}

export function emailLinks({ origin, config }: MailContext): EmailLinks {
  return {
    page: (route) => `${origin}${route}`,
    settings: `${origin}${pages.notificationSettings}`,
    unsubscribe: (userId, scope) => {
      const key = signingKeyOf(config);
      if (!key) throw new Error('MAIL_SECRET is not set: unsubscribe links cannot be signed');
      const token = signUnsubscribe(key, userId, scope);
      return { page: `${origin}${pages.unsubscribe(token)}`, oneClick: `${origin}${paths.notifications.unsubscribe}?${new URLSearchParams({ token })}` };
    },
  };
}

/** The end of every notification email: why it came, where to change that, and the way out. */
export const footer = (links: EmailLinks, why: string, unsubscribe: UnsubscribeLinks): string[] => [
  '',
  '-- ',
  why,
  `Change what reaches you by email: ${links.settings}`,
  `Stop these emails: ${unsubscribe.page}`,
  '',
];

/**
 * RFC 2369 and RFC 8058: mail clients show an Unsubscribe button that POSTs
 * `List-Unsubscribe=One-Click` to the link (https), with no login and no page to click through.
 */
export const unsubscribeHeaders = (unsubscribe: UnsubscribeLinks): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
