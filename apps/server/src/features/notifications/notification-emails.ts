import { sql, type SQL } from 'drizzle-orm';
import { mailJobs, notificationPreferences, users } from '../../db/schema';
import { KIND_WORDS, settingsUrl, unsubscribeBase, type Mailing } from './mailing';
import type { Notice } from './notifications.service';
import { unsubscribeTokenSql } from './unsubscribe-token';

/** Subjects stay on one line and short enough for a mail client's list. */
const SUBJECT_MAX = 150;

export function subjectOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > SUBJECT_MAX ? `${line.slice(0, SUBJECT_MAX - 1)}…` : line;
}

/**
 * RFC 2369 and RFC 8058: mail clients show an Unsubscribe button that POSTs
 * `List-Unsubscribe=One-Click` to the link, with no login and no page to click through.
 */
export const unsubscribeHeaders = (url: SQL): SQL =>
  sql`jsonb_build_object('List-Unsubscribe', '<' || ${url} || '>', 'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')`;

/** The end of every email: why it came, where to change that, and the one-click way out. */
export const footer = (m: Mailing, why: string): [before: string, after: string] => [
  `\n\n-- \n${why}\nChange what reaches you by email: ${settingsUrl(m)}\nStop these emails: `,
  '\n',
];

/**
 * The immediate emails of a fan-out, as a data-modifying CTE over `inserted` (the notifications
 * just inserted, with their recipient_id): the recipients whose choice for this kind is
 * `immediate`, joined with their address, in the same statement and transaction as the
 * notifications. Recipients without a preferences row (most of them) leave the join at once.
 */
export function immediateEmails(m: Mailing, notice: Notice & { kind: NonNullable<Notice['kind']> }, inserted: SQL): SQL {
  const url = sql`${unsubscribeBase(m)} || ${unsubscribeTokenSql(m.key, sql`u.id`, notice.kind)}`;
  const open = notice.link ? `Open it: ${m.origin}${notice.link}` : `Your notifications: ${m.origin}/all-notifications`;
  const [before, after] = footer(m, `You get this email because you chose to hear about ${KIND_WORDS[notice.kind]} by email at once.`);
  const choice = notificationPreferences[notice.kind];
  // The link is computed once per email (a lateral), used in the body and the header.
  return sql`
    insert into ${mailJobs} (recipient, subject, text, headers)
    select u.email, ${subjectOf(notice.content)}, ${`${notice.content}\n\n${open}${before}`} || link.url || ${after}, ${unsubscribeHeaders(sql`link.url`)}
    from ${inserted} as i
    join ${notificationPreferences} on ${notificationPreferences.userId} = i.recipient_id and ${choice} = 'immediate'
    join ${users} as u on u.id = i.recipient_id
    cross join lateral (select ${url} as url) as link
    returning 1`;
}
