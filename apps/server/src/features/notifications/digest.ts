import { NOTIFICATION_KINDS, calendarDayParts, type NotificationKind } from '@campus/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { mailJobs, notificationPreferences, notifications, users } from '../../db/schema';
import type { Config } from '../../platform/config/config';
import type { Db } from '../../platform/db/database';
import { wakeMailWorkers } from '../../platform/mail/mail-queue';
import { mailingOf, unsubscribeBase } from './mailing';
import { footer, unsubscribeHeaders } from './notification-emails';
import { unsubscribeTokenSql } from './unsubscribe-token';

/** A digest lists at most this many notifications of each kind, then says how many more. */
export const DIGEST_LINES_PER_KIND = 50;

const SECTION_TITLES: Record<NotificationKind, string> = { courses: 'Courses', notes: 'Notes', marksheets: 'Marksheets' };

/** The emails' key: one digest per user and campus day, whichever instance (or restart) runs it. */
export const digestKey = (userId: string, day: string) => `digest:${userId}:${day}`;

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
 * another instance, a restart — queue nothing. Returns how many were queued (0 with mail off).
 */
export async function queueDigest(db: Db, config: Config, day: string): Promise<number> {
  const statement = digestStatement(config, day);
  if (!statement) return 0;
  const result = await db.execute(statement);
  const queued = (result as unknown as { rows: { queued: number }[] }).rows[0]?.queued ?? 0;
  if (queued > 0) await wakeMailWorkers(db);
  return queued;
}

/** The statement of `queueDigest` (answering `queued`), or undefined with mail off. */
export function digestStatement(config: Config, day: string): SQL | undefined {
  const m = mailingOf(config);
  if (!m) return undefined;
  const tz = config.campusTimeZone;
  const hour = sql`make_time(${config.digestHour}, 0, 0)`;
  const from = sql`((${day}::date - 1) + ${hour}) at time zone ${tz}`;
  const to = sql`(${day}::date + ${hour}) at time zone ${tz}`;
  const n = notifications;
  const p = notificationPreferences;
  const url = sql`${unsubscribeBase(m)} || ${unsubscribeTokenSql(m.key, sql`u.id`, 'digest')}`;
  const [before, after] = footer(m, 'You get this email because you chose a daily digest for some kinds of notification.');
  const intro = `What arrived in Campus Portal in the last day:\n\n`;
  return sql`
    with lines as (
      select ${n.recipientId} as recipient_id, ${n.kind} as kind, ${n.seq} as seq,
        '- ' || ${n.content} || coalesce(E'\\n  ' || ${m.origin} || ${n.link}, '') as line,
        row_number() over (partition by ${n.recipientId}, ${n.kind} order by ${n.seq}) as rn
      from ${n}
      join ${p} on ${p.userId} = ${n.recipientId}
      where ${n.createdAt} >= ${from} and ${n.createdAt} < ${to}
        and ${caseOfKind(n.kind, (k) => p[k])} = 'daily'
    ), sections as (
      select recipient_id, kind, count(*)::int as total,
        ${caseOfKind(sql`kind`, (k) => SECTION_TITLES[k])} || E'\\n'
          || string_agg(line, E'\\n' order by seq) filter (where rn <= ${DIGEST_LINES_PER_KIND})
          || case when count(*) > ${DIGEST_LINES_PER_KIND} then E'\\n- …and ' || (count(*) - ${DIGEST_LINES_PER_KIND}) || ' more' else '' end as body
      from lines group by recipient_id, kind
    ), digests as (
      select recipient_id, sum(total)::int as total,
        string_agg(body, E'\\n\\n' order by array_position(array[${sql.join(NOTIFICATION_KINDS.map((k) => sql`${k}`), sql`, `)}]::text[], kind)) as body
      from sections group by recipient_id
    ), queued as (
      insert into ${mailJobs} (recipient, subject, text, headers, dedupe_key)
      select u.email,
        ${`Campus Portal digest for ${calendarDayParts(day).long}: `} || d.total || case when d.total = 1 then ' new notification' else ' new notifications' end,
        ${intro} || d.body || ${before} || link.url || ${after},
        ${unsubscribeHeaders(sql`link.url`)},
        'digest:' || u.id || ${`:${day}`}
      from digests d
      join ${users} as u on u.id = d.recipient_id
      cross join lateral (select ${url} as url) as link
      on conflict (dedupe_key) do nothing
      returning 1
    )
    select count(*)::int as queued from queued`;
}
