import { NOTIFICATION_KINDS, pages, type NotificationKind } from '@campus/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { mailJobs, notificationPreferences, notifications, users } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import { wakeMailWorkers } from '../../platform/mail/mail-queue';
import { MAIL_PRIORITY, mailTemplate } from '../../platform/mail/mail-template';
import { greeting, oneLine } from '../../platform/mail/mail-text';
import { emailLinks, footer, unsubscribeHeaders } from './mailing';

/** When the daily digest goes out: an hour (0–23) on the campus's clock (CAMPUS_TZ, DIGEST_HOUR). */
export interface DigestHour {
  timeZone: string;
  hour: number;
}

/** A digest lists at most this many notifications of each kind, then says how many more. */
export const DIGEST_LINES_PER_KIND = 50;

const SECTION_TITLES: Record<NotificationKind, string> = { courses: 'Courses', notes: 'Notes', marksheets: 'Marksheets', exams: 'Exam dates', coursework: 'Coursework' };

/** The emails' key: one digest per user and campus day, whichever instance (or restart) runs it. */
export const digestKey = (userId: string, day: string) => `digest:${userId}:${day}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The day a digest tells of, as its reader says it: the campus day holding most of its 24 hours
 * (from the previous day's digest hour to this day's). At the default 07:00, the day before.
 */
export function digestDayWords(day: string, digestHour: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const told = new Date(Date.UTC(y, m - 1, d - (digestHour < 12 ? 1 : 0)));
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(told);
}

/**
 * The daily digest of one user, written as a letter: a greeting by their name, the day it tells
 * of, and their notifications by kind (at most DIGEST_LINES_PER_KIND lines each, `total` telling
 * how many arrived), each with its link, as the digest's statement gathered them; the words are
 * written here when the worker sends it.
 */
export const digestEmail = mailTemplate({
  name: 'digest',
  priority: 'bulk',
  params: z.object({
    userId: z.string(),
    // Absent from jobs queued before emails greeted their reader: those say "Hello,".
    name: z.string().optional(),
    day: z.iso.date(),
    sections: z.array(
      z.object({
        kind: z.enum(NOTIFICATION_KINDS),
        total: z.number().int(),
        lines: z.array(z.object({ content: z.string(), link: z.string().nullable() })),
      }),
    ),
  }),
  render: ({ userId, name, day, sections }, _secret, context) => {
    const links = emailLinks(context);
    const unsubscribe = links.unsubscribe(userId, 'digest');
    const total = sections.reduce((n, s) => n + s.total, 0);
    const told = digestDayWords(day, context.config.digestHour);
    const body = sections.map((s) =>
      [
        `${SECTION_TITLES[s.kind]} (${s.total})`,
        ...s.lines.flatMap((l) => [`- ${oneLine(l.content)}`, ...(l.link ? [`  ${links.page(l.link)}`] : [])]),
        ...(s.total > s.lines.length ? [`- …and ${s.total - s.lines.length} more: ${links.page(pages.notifications)}`] : []),
      ].join('\n'),
    );
    return {
      subject: `${context.campusName} digest for ${told}: ${plural(total, 'new notification', 'new notifications')}`,
      text: [
        greeting(name),
        '',
        `Here is what happened on ${context.campusName} on ${told}:`,
        '',
        body.join('\n\n'),
        '',
        `All your notifications: ${links.page(pages.notifications)}`,
        ...footer(links, 'You get this email because you chose a daily digest for some kinds of notification.', unsubscribe),
      ].join('\n'),
      headers: unsubscribeHeaders(unsubscribe),
    };
  },
});

/** `case <kind> when 'courses' then … end`, a branch per kind. */
const caseOfKind = (kind: SQLWrapper, branches: (k: NotificationKind) => SQLWrapper | string) =>
  sql`case ${kind} ${sql.join(
    NOTIFICATION_KINDS.map((k) => sql`when ${k} then ${branches(k)}`),
    sql` `,
  )} end`;

/**
 * Queues the digest of campus day `day` (YYYY-MM-DD): for every user with a kind set to
 * `daily`, one email listing their notifications of those kinds created in the day before the
 * digest hour (from the previous day's hour to this day's, campus time), by kind, oldest first;
 * no email for a user to whom none arrived. One INSERT … SELECT whatever the number of users,
 * and each email's dedupe key (`digest:<user>:<day>`) makes a second run for the same day —
 * another instance, a restart — queue nothing. Returns how many were queued. Only an instance
 * with notification emails on runs it (its `DigestScheduler`).
 */
export async function queueDigest(db: Db, at: DigestHour, day: string): Promise<number> {
  const result = await db.execute(digestStatement(at, day));
  const queued = (result as unknown as { rows: { queued: number }[] }).rows[0]?.queued ?? 0;
  if (queued > 0) await wakeMailWorkers(db);
  return queued;
}

/**
 * The statement of `queueDigest` (answering `queued`). It gathers each user's lines as the job's
 * parameters (JSON): no key, no rendered text.
 */
function digestStatement(at: DigestHour, day: string): SQL {
  const tz = at.timeZone;
  const hour = sql`make_time(${at.hour}, 0, 0)`;
  const from = sql`((${day}::date - 1) + ${hour}) at time zone ${tz}`;
  const to = sql`(${day}::date + ${hour}) at time zone ${tz}`;
  const n = notifications;
  const p = notificationPreferences;
  return sql`
    with lines as (
      select ${n.recipientId} as recipient_id, ${n.kind} as kind, ${n.seq} as seq, ${n.content} as content, ${n.link} as link,
        row_number() over (partition by ${n.recipientId}, ${n.kind} order by ${n.seq}) as rn
      from ${n}
      join ${p} on ${p.userId} = ${n.recipientId}
      where ${n.createdAt} >= ${from} and ${n.createdAt} < ${to}
        and ${caseOfKind(n.kind, (k) => p[k])} = 'daily'
    ), sections as (
      select recipient_id, kind, count(*)::int as total,
        json_agg(json_build_object('content', content, 'link', link) order by seq) filter (where rn <= ${DIGEST_LINES_PER_KIND}) as lines
      from lines group by recipient_id, kind
    ), digests as (
      select recipient_id,
        json_agg(json_build_object('kind', kind, 'total', total, 'lines', lines)
          order by array_position(array[${sql.join(NOTIFICATION_KINDS.map((k) => sql`${k}`), sql`, `)}]::text[], kind)) as sections
      from sections group by recipient_id
    ), queued as (
      insert into ${mailJobs} (recipient, template, params, priority, dedupe_key)
      select u.email, ${digestEmail.name},
        jsonb_build_object('userId', u.id, 'name', u.fullname, 'day', ${day}::text, 'sections', d.sections),
        ${MAIL_PRIORITY[digestEmail.priority]}::smallint,
        'digest:' || u.id || ${`:${day}`}
      from digests d
      join ${users} as u on u.id = d.recipient_id
      on conflict (dedupe_key) do nothing
      returning 1
    )
    select count(*)::int as queued from queued`;
}
