import { DEFAULT_PREFERENCES, NOTIFICATION_KINDS, pages, type NotificationKind } from '@campus/contract';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { mailJobs, notificationPreferences, users } from '../../db/schema';
import { MAIL_PRIORITY, mailTemplate } from '../../platform/mail/mail-template';
import { greeting, sentence, subjectLine } from '../../platform/mail/mail-text';
import { KIND_WORDS, emailLinks, footer, unsubscribeHeaders } from './mailing';

/**
 * A notification by email at once, to a user who chose `immediate` for its kind. The job holds
 * the recipient's id and name (from the fan-out's own join with users: no query per email) and
 * the notification (kind, content, link); the words, links and unsubscribe token are made here
 * when the worker sends it. The content says who did what ("Prof. Asha Rao added notes …"), and
 * the link opens that very thing (a course's Notes tab, the applicant's request; a moved exam's,
 * the admit card to download again).
 */
export const notificationEmail = mailTemplate({
  name: 'notification',
  priority: 'bulk',
  params: z.object({
    userId: z.string(),
    // Absent from jobs queued before emails greeted their reader: those say "Hello,".
    name: z.string().optional(),
    kind: z.enum(NOTIFICATION_KINDS),
    content: z.string(),
    link: z.string().nullable(),
  }),
  render: ({ userId, name, kind, content, link }, _secret, context) => {
    const links = emailLinks(context);
    const unsubscribe = links.unsubscribe(userId, kind);
    const open = link ? `${link === pages.hallTicket ? 'Download your admit card again' : 'Open it'} on ${context.campusName}: ${links.page(link)}` : `Your notifications on ${context.campusName}: ${links.page(pages.notifications)}`;
    return {
      subject: subjectLine(content),
      text: [greeting(name), '', sentence(content), '', open, ...footer(links, `You get this email because you chose to hear about ${KIND_WORDS[kind]} by email at once.`, unsubscribe)].join('\n'),
      headers: unsubscribeHeaders(unsubscribe),
    };
  },
});

/**
 * The immediate emails of a fan-out of `kind`, as a data-modifying CTE over `inserted` (the
 * notifications just inserted, with their recipient_id, content and link): a job for each recipient whose choice for this kind is
 * `immediate`, joined with their address, in the same statement and transaction as the
 * notifications. A recipient without a preferences row, or whose row leaves this kind unchosen
 * (null), has the kind's default (DEFAULT_PREFERENCES: this runs only with mail on). For a kind
 * whose default is `inapp`, those leave the join at once (an inner join); for one whose default
 * is an email (exams), the join is an outer one and they are emailed. Either way one statement.
 * Only the notice and each recipient's id and name are written: no key, no rendered text.
 */
export function immediateEmails(kind: NotificationKind, inserted: SQL): SQL {
  const choice = notificationPreferences[kind];
  const byDefault = DEFAULT_PREFERENCES[kind] === 'immediate';
  const preferences = byDefault
    ? sql`left join ${notificationPreferences} on ${notificationPreferences.userId} = i.recipient_id
    where coalesce(${choice}, 'immediate') = 'immediate'`
    : sql`join ${notificationPreferences} on ${notificationPreferences.userId} = i.recipient_id and ${choice} = 'immediate'`;
  return sql`
    insert into ${mailJobs} (recipient, template, params, priority)
    select u.email, ${notificationEmail.name},
      jsonb_build_object('kind', ${kind}::text, 'content', i.content, 'link', i.link, 'userId', u.id, 'name', u.fullname),
      ${MAIL_PRIORITY[notificationEmail.priority]}::smallint
    from ${inserted} as i
    join ${users} as u on u.id = i.recipient_id
    ${preferences}
    returning 1`;
}
