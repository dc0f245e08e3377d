import { REMINDER_BEFORE_MINUTES, pages } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { assignments, courses, enrollments, submissions } from '../../db/schema';
import { needed } from '../../platform/provide';
import { eachTheirOwn, type NotifyingDeps } from '../notifications';

/** How often an instance looks for work due within a day: a reminder is a day ahead, minutes do not matter. */
const REMINDER_CHECK_MS = 5 * 60_000;

interface Claimed {
  id: string;
  title: string;
  courseTitle: string;
  /** Milliseconds since the epoch, as the statement answers them. */
  dueMs: number;
  publishedMs: number | null;
}

const dueWords = (dueAt: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hour12: true, timeZone }).format(dueAt);

/**
 * The 24-hour reminders due at `now`: each published assignment due within REMINDER_BEFORE_MINUTES
 * and not yet reminded is claimed (`remindedAt` set by one UPDATE … WHERE reminded_at is null
 * RETURNING, so of several instances running it at once, each assignment goes to exactly one),
 * and each enrolled student of it who has handed in nothing is told, in one bulk insert, in the
 * same transaction: a failure leaves the assignment unclaimed for the next run. Work claimed
 * after its due time (every instance was down) and work published less than a day before it is
 * due are claimed and told to nobody: a reminder then would be late or say what the students
 * were just told. Answers how many students were told.
 */
export async function sendDueReminders({ db, notify }: NotifyingDeps, now: Date, timeZone: string): Promise<number> {
  return db.transaction(async (tx) => {
    const at = now.toISOString();
    const result = await tx.execute(sql`
      update ${assignments} as a set reminded_at = ${at}::timestamptz
      from ${courses} as c
      where c.id = a.course_id and a.published and a.reminded_at is null and a.kind = 'assignment'
        and a.due_at <= ${at}::timestamptz + make_interval(mins => ${REMINDER_BEFORE_MINUTES})
      returning a.id, a.title, c.title as "courseTitle",
        (extract(epoch from a.due_at) * 1000)::float8 as "dueMs", (extract(epoch from a.published_at) * 1000)::float8 as "publishedMs"`);
    const claimed = (result as unknown as { rows: Claimed[] }).rows;
    const before = REMINDER_BEFORE_MINUTES * 60_000;
    const remind = claimed
      .filter((c) => Number(c.dueMs) > now.getTime() && (c.publishedMs === null || Number(c.publishedMs) <= Number(c.dueMs) - before))
      .map((c) => ({ id: c.id, content: `Reminder: "${c.title}" in "${c.courseTitle}" is due ${dueWords(new Date(Number(c.dueMs)), timeZone)}`, link: pages.assignment(c.id) }));
    if (remind.length === 0) return 0;
    // Each assignment's words beside its students: one parameter (JSON), one INSERT … SELECT.
    const { told } = await notify.each(
      tx,
      eachTheirOwn(sql`
        select e.student_id, r.content, r.link
        from jsonb_to_recordset(${JSON.stringify(remind)}::jsonb) as r(id uuid, content text, link text)
        join ${assignments} as a on a.id = r.id
        join ${enrollments} as e on e.course_id = a.course_id
        where not exists (select 1 from ${submissions} as s where s.assignment_id = r.id and s.student_id = e.student_id)`),
      'coursework',
    );
    return told;
  });
}

/**
 * Every instance looks every few minutes for reminders due (`sendDueReminders`). Every instance
 * does it, not a leader: the claim, not an election, makes each reminder go once, so no
 * instance's absence skips one. The first look waits a period, like the ones after it.
 */
export function registerReminders(app: FastifyInstance): void {
  const { config } = app;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = async () => {
    if (running) return;
    running = sendDueReminders({ db: app.database.db, notify: needed(app, 'notify') }, config.now(), config.campusTimeZone)
      .then((told) => {
        if (told > 0) app.log.info({ told }, 'coursework reminders sent');
      })
      .catch((err: unknown) => app.log.error({ err }, 'coursework reminders failed; trying again later'))
      .finally(() => {
        running = undefined;
      });
    await running;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), REMINDER_CHECK_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
