import { paths, UNSUBSCRIBE_PAGE } from '@campus/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { queriesDuring, statementsDuring, useTestApp } from '../../../test/build-app';
import { buildCourse, buildNote, buildProfessor, buildStudent, joinCourse, loginExamOffice, withCookie, type TestUser } from '../../../test/factories';
import { multipart, tinyPdf } from '../../../test/fixtures';
import { startSmtpServer, testMailConfig, type ReceivedMail, type TestSmtp } from '../../../test/smtp-server';
import { mailJobs, notifications } from '../../db/schema';
import { queueDigest } from './digest';
import { notify, oneUser } from './notifications.service';
import { signingKey, signUnsubscribe } from './unsubscribe-token';
import { dueDigestDay } from './digest-scheduler';

const MAIL_SECRET = 'notification-emails-test-secret-0123456789';
const ORIGIN = 'https://portal.campus.test';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.stop());
beforeEach(() => smtp.reset());

// A fixed clock: the app's own digest scheduler runs once, at start, for a day with nothing in it,
// and never again during the file; the digest tests run digests for the days they choose.
const START = new Date('2026-03-01T00:00:00Z');
const ctx = useTestApp(() => ({ mail: testMailConfig(smtp), mailSecret: MAIL_SECRET, now: () => START }));

// What a test queued is sent before the next begins, so no email arrives in another test's inbox.
afterEach(async () => {
  const pending = sql`select count(*)::int as n from ${mailJobs} where sent_at is null and failed_at is null`;
  const deadline = Date.now() + 10_000;
  while (((await ctx.database.db.execute(pending)) as unknown as { rows: { n: number }[] }).rows[0]!.n > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
  }
});

const patchPrefs = async (who: TestUser, body: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'PATCH', url: paths.notifications.updatePreferences, headers: { cookie: who.cookie }, payload: body });
  expect(res.statusCode).toBe(200);
};
const prefsOf = async (who: TestUser) => (await ctx.app.inject({ method: 'GET', url: paths.notifications.preferences, headers: { cookie: who.cookie } })).json().data.preferences;
const jobs = () => ctx.database.db.select().from(mailJobs).orderBy(asc(mailJobs.id));
/** The path and query of an absolute link in an email, to inject. */
const local = (link: string) => {
  const url = new URL(link);
  expect(url.origin).toBe(ORIGIN);
  return `${url.pathname}${url.search}`;
};
const listUnsubscribe = (mail: ReceivedMail) => /^<(https:[^>]+)>$/.exec(mail.header('list-unsubscribe') ?? '')?.[1] ?? '';
const oneClick = (link: string) =>
  ctx.app.inject({ method: 'POST', url: local(link), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });

describe('immediate emails', () => {
  it('a fan-out emails the recipients who chose "immediate" for its kind, with the link back and a one-click unsubscribe', async () => {
    const prof = await buildProfessor(ctx.app);
    const eager = await buildStudent(ctx.app, { semester: 5, branch: 'Civil Engineering' });
    const quiet = await buildStudent(ctx.app, { semester: 5, branch: 'Civil Engineering' });
    const notesOnly = await buildStudent(ctx.app, { semester: 5, branch: 'Civil Engineering' });
    await patchPrefs(eager, { courses: 'immediate' });
    await patchPrefs(notesOnly, { notes: 'immediate', courses: 'daily' });
    const course = await buildCourse(ctx.app, prof, { title: 'Hydraulics', semester: 5, branch: 'Civil Engineering' });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([eager.user.email]);
    expect(mail!.parsed.subject).toBe('New course "Hydraulics" for Civil Engineering, semester 5');
    const text = mail!.parsed.text ?? '';
    expect(text).toContain(`Open it: ${ORIGIN}/course/${course._id}`);
    expect(text).toContain(`${ORIGIN}/settings/notifications`);
    // RFC 8058: the header's https link, POSTed to with List-Unsubscribe=One-Click; the same link in the body.
    const link = listUnsubscribe(mail!);
    expect(link).toMatch(new RegExp(`^${ORIGIN}/api/v1/notifications/unsubscribe\\?token=`));
    expect(mail!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(`Stop these emails: ${link}`);
    // Nobody else: the in-app student, and the one who chose email for notes only.
    const recipients = (await jobs()).map((j) => j.recipient);
    expect(recipients).toEqual([eager.user.email]);
    expect(recipients).not.toContain(quiet.user.email);

    // The link opened in a browser leads to the page that asks; it changes nothing itself.
    const opened = await ctx.app.inject({ method: 'GET', url: local(link) });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(new RegExp(`^${UNSUBSCRIBE_PAGE}\\?token=.+&scope=courses$`));
    expect((await prefsOf(eager)).courses).toBe('immediate');

    // The one-click POST turns courses off for that user; the next course sends no email.
    const res = await oneClick(link);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ scope: 'courses' });
    expect(await prefsOf(eager)).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'immediate' });
    await buildCourse(ctx.app, prof, { title: 'Surveying', semester: 5, branch: 'Civil Engineering' });
    expect(await jobs()).toHaveLength(1);

    // An altered token is refused and changes nothing.
    await patchPrefs(eager, { courses: 'immediate' });
    const tampered = link.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await oneClick(tampered)).statusCode).toBe(400);
    expect((await prefsOf(eager)).courses).toBe('immediate');
  });

  it('each kind by its own choice: courses, notes, marksheets', async () => {
    const prof = await buildProfessor(ctx.app);
    const student = await buildStudent(ctx.app, { semester: 2 });
    const course = await buildCourse(ctx.app, prof, { title: 'Optics', semester: 6 });
    await patchPrefs(student, { courses: 'inapp', notes: 'immediate', marksheets: 'immediate' });
    await patchPrefs(prof, { courses: 'immediate' });
    const office = await loginExamOffice(ctx.app);
    await patchPrefs(office, { marksheets: 'immediate' });

    await joinCourse(ctx.app, student, course._id); // courses → the owner
    await buildNote(ctx.app, prof, course._id); // notes → the enrolled student
    const applied = await ctx.app.inject({ method: 'POST', url: paths.applications.create, headers: { cookie: student.cookie }, payload: { semester: 1 } }); // marksheets → the exam office
    expect(applied.statusCode).toBe(201);
    const uploaded = await ctx.app.inject({ method: 'POST', url: paths.marksheets.create(student.user._id), ...withCookie(multipart({ semester: 1 }, { marksheet: { filename: 'm.pdf', contentType: 'application/pdf', data: tinyPdf() } }), office.cookie) }); // marksheets → the student
    expect(uploaded.statusCode).toBe(201);

    const sent = await smtp.waitFor(4);
    const byRecipient = sent.map((m) => [m.to[0], m.parsed.subject]).sort();
    expect(byRecipient).toEqual(
      [
        [prof.user.email, `${student.user.fullname} joined your course "Optics"`],
        [student.user.email, 'New notes "Week 1" in "Optics"'],
        [office.user.email, `${student.user.fullname} (${student.user.registrationId}) requests the marksheet of semester 1`],
        [student.user.email, 'Your marksheet for semester 1 is ready'],
      ].sort(),
    );
    // Each notification row carries its kind.
    const kinds = await ctx.database.db.select({ kind: notifications.kind }).from(notifications).orderBy(asc(notifications.seq));
    expect(kinds.map((k) => k.kind)).toEqual(['courses', 'notes', 'marksheets', 'marksheets']);
  });

  it('with mail off, no email is queued, whatever the choices', async () => {
    const off = await ctx.extraApp({ mail: undefined });
    const prof = await buildProfessor(off);
    const student = await buildStudent(off, { semester: 7 });
    await off.inject({ method: 'PATCH', url: paths.notifications.updatePreferences, headers: { cookie: student.cookie }, payload: { courses: 'immediate' } });
    await buildCourse(off, prof, { semester: 7 });
    expect(await jobs()).toEqual([]);
  });

  it('a line break in a notification cannot start a line of the email', async () => {
    const student = await buildStudent(ctx.app, { semester: 3 });
    await patchPrefs(student, { courses: 'immediate' });
    await ctx.database.db.transaction((tx) => notify(tx, ctx.config, oneUser(student.user._id), { content: 'Lab moved\r\nStop these emails: https://evil.test', link: null, kind: 'courses' }));
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.subject).toBe('Lab moved Stop these emails: https://evil.test');
    const text = mail!.parsed.text ?? '';
    expect(text.startsWith('Lab moved Stop these emails: https://evil.test\n\nYour notifications: https://portal.campus.test/all-notifications\n')).toBe(true);
    expect(text.match(/^Stop these emails: /gm)).toHaveLength(1);
  });

  it('a fan-out is one statement, emails included', async () => {
    const prof = await buildProfessor(ctx.app);
    const students = [];
    for (let i = 0; i < 3; i++) students.push(await buildStudent(ctx.app, { semester: 8, branch: 'Textile Engineering' }));
    for (const s of students) await patchPrefs(s, { courses: 'immediate' });
    const queries = await queriesDuring(() => buildCourse(ctx.app, prof, { semester: 8, branch: 'Textile Engineering' }));
    const inserts = queries.filter((q) => /insert into "mail_jobs"/i.test(q));
    expect(inserts).toHaveLength(1);
    expect(inserts[0]).toMatch(/insert into "notifications"/i);
    expect(await jobs()).toHaveLength(3);
  });
});

describe('exam dates by email', () => {
  /** The owner moves the course's exam to `examDate`. */
  const setExam = async (prof: TestUser, course: { _id: string; title: string }, examDate: string | null) => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: paths.courses.update(course._id),
      headers: { cookie: prof.cookie },
      payload: { title: course.title, description: 'What the course covers', semester: 3, branch: 'Computer Engineering', examDate },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('reach every enrolled student at once by default, those who never saved a choice and those who saved other kinds; not those who chose otherwise', async () => {
    const prof = await buildProfessor(ctx.app, { fullname: 'Asha Rao' });
    const course = await buildCourse(ctx.app, prof, { title: 'Data Structures' });
    const fresh = await buildStudent(ctx.app); // no preferences row at all
    const other = await buildStudent(ctx.app); // a row, saved for another kind
    const quiet = await buildStudent(ctx.app); // chose the portal only for exams
    const digest = await buildStudent(ctx.app); // chose the daily digest for exams
    const outsider = await buildStudent(ctx.app); // not enrolled
    await patchPrefs(other, { notes: 'daily' });
    await patchPrefs(quiet, { exams: 'inapp' });
    await patchPrefs(digest, { exams: 'daily' });
    for (const s of [fresh, other, quiet, digest]) await joinCourse(ctx.app, s, course._id);
    expect(await prefsOf(fresh)).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'immediate' });
    expect(await prefsOf(other)).toEqual({ courses: 'inapp', notes: 'daily', marksheets: 'inapp', exams: 'immediate' });

    // The notifications and the email jobs: one statement.
    const queries = await queriesDuring(() => setExam(prof, course, '2026-04-09'));
    const inserts = queries.filter((q) => /insert into "mail_jobs"/i.test(q));
    expect(inserts).toHaveLength(1);
    expect(inserts[0]).toMatch(/insert into "notifications"/i);

    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([fresh.user.email, other.user.email].sort());
    const subject = 'Prof. Asha Rao set the exam of "Data Structures" for Thursday, 9 April 2026';
    expect(mails.map((m) => m.parsed.subject)).toEqual([subject, subject]);
    const text = mails[0]!.parsed.text ?? '';
    expect(text).toContain(`Open it: ${ORIGIN}/course/${course._id}`);
    expect(text).toContain('You get this email because you chose to hear about exam dates by email at once.');
    expect((await jobs()).map((j) => j.recipient).sort()).toEqual([fresh.user.email, other.user.email].sort());
    expect((await jobs()).some((j) => [quiet, digest, outsider, prof].some((u) => u.user.email === j.recipient))).toBe(false);

    // The daily reader finds it in the next digest, under its own heading.
    await ctx.database.db.update(notifications).set({ createdAt: new Date(IN_WINDOW[1]!) }).where(eq(notifications.kind, 'exams'));
    expect(await queueDigest(ctx.database.db, ctx.config, DAY)).toBe(1);
    const [, , daily] = await smtp.waitFor(3);
    expect(daily!.to).toEqual([digest.user.email]);
    expect(daily!.parsed.text).toContain(['Exam dates', `- ${subject}`, `  ${ORIGIN}/course/${course._id}`].join('\n'));
  });

  it('the email\'s one-click link stops exam emails for a user who never saved a choice', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof, { title: 'Compilers' });
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    await setExam(prof, course, '2026-04-09');
    const [mail] = await smtp.waitFor(1);
    const link = listUnsubscribe(mail!);
    expect(link).toContain(encodeURIComponent(signUnsubscribe(signingKey(MAIL_SECRET), student.user._id, 'exams')));
    const res = await oneClick(link);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { scope: 'exams' }, message: 'you will get no more emails about exams' });
    expect(await prefsOf(student)).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'inapp' });

    // Moved again: the notification, and no email.
    await setExam(prof, course, '2026-04-10');
    expect(await jobs()).toHaveLength(1);
    const list = (await ctx.app.inject({ method: 'GET', url: paths.notifications.list, headers: { cookie: student.cookie } })).json().data.unreadnotifications as { content: string }[];
    expect(list[0]!.content).toContain('moved the exam of "Compilers" from Thursday, 9 April 2026 to Friday, 10 April 2026');
  });

  it('a link for a deleted user changes nothing and saves nothing', async () => {
    const student = await buildStudent(ctx.app);
    const token = signUnsubscribe(signingKey(MAIL_SECRET), student.user._id, 'exams');
    await ctx.database.db.execute(sql`delete from users where id = ${student.user._id}`);
    const res = await ctx.app.inject({ method: 'POST', url: `${paths.notifications.unsubscribe}?token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode).toBe(200);
    const rows = (await ctx.database.db.execute(sql`select count(*)::int as n from notification_preferences where user_id = ${student.user._id}`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('with mail off, the preferences answer what applies: exams in the portal, like every kind nobody chose', async () => {
    const off = await ctx.extraApp({ mail: undefined });
    const student = await buildStudent(off);
    const res = await off.inject({ method: 'GET', url: paths.notifications.preferences, headers: { cookie: student.cookie } });
    expect(res.json().data.preferences).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'inapp' });
    // Saving another kind with mail off does not pin exams to the portal: with mail on, the default applies.
    await off.inject({ method: 'PATCH', url: paths.notifications.updatePreferences, headers: { cookie: student.cookie }, payload: { notes: 'inapp' } });
    expect((await prefsOf(student)).exams).toBe('immediate');
  });
});

/**
 * Day 2026-03-10's digest (hour 7, Asia/Kolkata) covers 2026-03-09 07:00 to 2026-03-10 07:00
 * IST, i.e. 01:30 UTC to 01:30 UTC.
 */
const DAY = '2026-03-10';
const IN_WINDOW = ['2026-03-09T01:30:00Z', '2026-03-09T12:00:00Z', '2026-03-10T01:29:59Z'];
const BEFORE_WINDOW = '2026-03-09T01:29:59Z';
const AFTER_WINDOW = '2026-03-10T01:30:00Z';

/** Moves the notifications whose content matches to `at` (they were created now). */
const dateNotifications = (content: string, at: string) =>
  ctx.database.db.update(notifications).set({ createdAt: new Date(at) }).where(sql`${notifications.content} like ${`%${content}%`}`);

describe('the daily digest', () => {
  it('the due day: today once the hour has passed in the campus time zone, else yesterday', () => {
    expect(dueDigestDay('Asia/Kolkata', 7, new Date('2026-03-10T01:30:30Z'))).toBe('2026-03-09'); // 07:00:30 IST: within the grace minute
    expect(dueDigestDay('Asia/Kolkata', 7, new Date('2026-03-10T01:32:00Z'))).toBe('2026-03-10');
    expect(dueDigestDay('Asia/Kolkata', 7, new Date('2026-03-09T20:00:00Z'))).toBe('2026-03-09'); // 01:30 IST on the 10th
    expect(dueDigestDay('America/New_York', 0, new Date('2026-03-10T04:30:00Z'))).toBe('2026-03-10'); // 00:30 EDT
  });

  it('one email per user listing the day\'s notifications of their daily kinds, by kind; none to a user with nothing new', async () => {
    const prof = await buildProfessor(ctx.app);
    const reader = await buildStudent(ctx.app, { semester: 4, branch: 'Civil Engineering' });
    const idle = await buildStudent(ctx.app, { semester: 1, branch: 'Production Engineering' });
    const immediate = await buildStudent(ctx.app, { semester: 4, branch: 'Civil Engineering' });
    await patchPrefs(reader, { courses: 'daily', notes: 'daily', marksheets: 'inapp' });
    await patchPrefs(idle, { courses: 'daily', notes: 'daily', marksheets: 'daily' });
    await patchPrefs(immediate, { courses: 'daily' });

    await buildCourse(ctx.app, prof, { title: 'Too early', semester: 4, branch: 'Civil Engineering' });
    const fluids = await buildCourse(ctx.app, prof, { title: 'Fluids', semester: 4, branch: 'Civil Engineering' });
    await buildCourse(ctx.app, prof, { title: 'Soils', semester: 4, branch: 'Civil Engineering' });
    await buildCourse(ctx.app, prof, { title: 'Too late', semester: 4, branch: 'Civil Engineering' });
    await joinCourse(ctx.app, reader, fluids._id);
    await buildNote(ctx.app, prof, fluids._id, undefined, 'Lecture 1');
    await dateNotifications('Too early', BEFORE_WINDOW);
    await dateNotifications('Fluids', IN_WINDOW[0]!);
    await dateNotifications('Soils', IN_WINDOW[1]!);
    await dateNotifications('Lecture 1', IN_WINDOW[2]!);
    await dateNotifications('Too late', AFTER_WINDOW);
    // `immediate` switched its choice after the courses arrived: the digest goes by today's choices.
    await patchPrefs(immediate, { courses: 'immediate' });

    expect(await queueDigest(ctx.database.db, ctx.config, DAY)).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([reader.user.email]);
    expect(mail!.parsed.subject).toBe('Campus Portal digest for Tuesday, 10 March 2026: 3 new notifications');
    const text = mail!.parsed.text ?? '';
    expect(text).toContain(
      [
        'Courses',
        '- New course "Fluids" for Civil Engineering, semester 4',
        `  ${ORIGIN}/course/${fluids._id}`,
        '- New course "Soils" for Civil Engineering, semester 4',
      ].join('\n'),
    );
    expect(text).toContain(['Notes', '- New notes "Lecture 1" in "Fluids"', `  ${ORIGIN}/course/${fluids._id}`].join('\n'));
    expect(text).not.toContain('Too early');
    expect(text).not.toContain('Too late');
    const link = listUnsubscribe(mail!);
    expect(text).toContain(`Stop these emails: ${link}`);
    const [job] = await jobs();
    expect(job!.dedupeKey).toBe(`digest:${reader.user._id}:${DAY}`);

    // Run again (a restart, a second instance): nothing more.
    expect(await queueDigest(ctx.database.db, ctx.config, DAY)).toBe(0);
    expect(await jobs()).toHaveLength(1);

    // Its one-click link turns the digest off: every daily kind back to inapp.
    expect((await oneClick(link)).statusCode).toBe(200);
    expect(await prefsOf(reader)).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'immediate' });
  });

  it('caps each kind\'s list and says how many more arrived', async () => {
    const reader = await buildStudent(ctx.app, { semester: 6, branch: 'Mechanical Engineering' });
    await patchPrefs(reader, { courses: 'daily' });
    for (let i = 1; i <= 53; i++) await ctx.database.db.insert(notifications).values({ recipientId: reader.user._id, content: `Course ${i}`, link: null, kind: 'courses', createdAt: new Date(IN_WINDOW[1]!) });
    expect(await queueDigest(ctx.database.db, ctx.config, DAY)).toBe(1);
    // The job holds the lines (50 of them) and how many arrived; the email says the rest.
    const [job] = await jobs();
    const [section] = (job!.params as { sections: { kind: string; total: number; lines: unknown[] }[] }).sections;
    expect(section).toMatchObject({ kind: 'courses', total: 53 });
    expect(section!.lines).toHaveLength(50);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.subject).toMatch(/: 53 new notifications$/);
    expect(mail!.parsed.text).toContain('- Course 50\n- …and 3 more');
    expect(mail!.parsed.text).not.toContain('Course 51');
  });

  it('one notification is "1 new notification", and a line break in one cannot start a line of the email', async () => {
    const reader = await buildStudent(ctx.app, { semester: 6, branch: 'Mechanical Engineering' });
    await patchPrefs(reader, { notes: 'daily' });
    await ctx.database.db.insert(notifications).values({ recipientId: reader.user._id, content: 'New notes "Week 2"\nOpen this instead: https://evil.test', link: null, kind: 'notes', createdAt: new Date(IN_WINDOW[1]!) });
    expect(await queueDigest(ctx.database.db, ctx.config, DAY)).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.subject).toBe('Campus Portal digest for Tuesday, 10 March 2026: 1 new notification');
    expect(mail!.parsed.text).toContain('Notes\n- New notes "Week 2" Open this instead: https://evil.test\n');
    expect(mail!.parsed.text).not.toMatch(/^Open this instead/m);
  });

  it('two instances running the same day\'s digest send each email once', async () => {
    // Both clocks before the day's hour: their first runs, at start, are for the day before.
    let now = new Date('2026-03-09T12:00:00Z');
    const clock = () => now;
    const apps: FastifyInstance[] = [await ctx.extraApp({ now: clock }), await ctx.extraApp({ now: clock })];
    for (const app of apps) await app.ready();
    const prof = await buildProfessor(ctx.app);
    const readers: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await buildStudent(ctx.app, { semester: 3, branch: 'Electrical Engineering' });
      await patchPrefs(r, { courses: 'daily' });
      readers.push(r);
    }
    await buildCourse(ctx.app, prof, { title: 'Machines', semester: 3, branch: 'Electrical Engineering' });
    await buildCourse(ctx.app, prof, { title: 'Circuits', semester: 3, branch: 'Electrical Engineering' });
    await ctx.database.db.update(notifications).set({ createdAt: new Date(IN_WINDOW[1]!) });

    now = new Date('2026-03-10T02:00:00Z');
    const queued = await Promise.all(apps.map((app) => app.notificationDigest!.tick()));
    expect(queued.reduce((a, b) => (a ?? 0) + (b ?? 0), 0)).toBe(5);
    const sent = await smtp.waitFor(5);
    expect(sent.map((m) => m.to[0]).sort()).toEqual(readers.map((r) => r.user.email).sort());
    // Ticking again, or the other instance catching up later, sends nothing more.
    expect(await Promise.all(apps.map((app) => app.notificationDigest!.tick()))).toEqual([undefined, undefined]);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(5);
    const keys = (await ctx.database.db.select({ key: mailJobs.dedupeKey }).from(mailJobs).where(eq(mailJobs.recipient, readers[0]!.user.email))).map((j) => j.key);
    expect(keys).toEqual([`digest:${readers[0]!.user._id}:${DAY}`]);
  });
});

describe('what the database is told', () => {
  /** MAIL_SECRET, and every value derived from its key pads or signed with it for these users. */
  function secretsOf(userIds: string[]): string[] {
    const raw = Buffer.from(MAIL_SECRET, 'utf8');
    const key = raw.length > 64 ? createHash('sha256').update(raw).digest() : raw;
    const block = Buffer.alloc(64);
    key.copy(block);
    const pad = (byte: number) => Buffer.from(block.map((b) => b ^ byte)).toString('hex');
    const signing = signingKey(MAIL_SECRET);
    const macs = userIds.flatMap((id) => (['courses', 'notes', 'marksheets', 'digest'] as const).map((scope) => signUnsubscribe(signing, id, scope).split('.')[2]!));
    return [MAIL_SECRET, raw.toString('hex'), raw.toString('base64'), pad(0x36), pad(0x5c), ...macs];
  }
  const logged = (statements: { query: string; params: unknown[] }[]) => JSON.stringify(statements).toLowerCase();

  it('a fan-out\'s and a digest\'s statements carry neither MAIL_SECRET nor anything derived from it', async () => {
    const prof = await buildProfessor(ctx.app);
    const eager = await buildStudent(ctx.app, { semester: 2, branch: 'Civil Engineering' });
    const reader = await buildStudent(ctx.app, { semester: 2, branch: 'Civil Engineering' });
    await patchPrefs(eager, { courses: 'immediate' });
    await patchPrefs(reader, { courses: 'daily' });
    const fanOut = await statementsDuring(() => buildCourse(ctx.app, prof, { title: 'Statics', semester: 2, branch: 'Civil Engineering' }));
    expect(fanOut.some((s) => /insert into "mail_jobs"/i.test(s.query))).toBe(true);
    await smtp.waitFor(1);

    await ctx.database.db.update(notifications).set({ createdAt: new Date(IN_WINDOW[1]!) });
    const digest = await statementsDuring(() => queueDigest(ctx.database.db, ctx.config, DAY));
    expect(digest.some((s) => /insert into "mail_jobs"/i.test(s.query))).toBe(true);
    const [, mail] = await smtp.waitFor(2);
    // The email did get a signed link: made by the worker, in Node.
    expect(listUnsubscribe(mail!)).toContain(signUnsubscribe(signingKey(MAIL_SECRET), reader.user._id, 'digest'));

    for (const secret of secretsOf([eager.user._id, reader.user._id])) {
      expect(logged(fanOut)).not.toContain(secret.toLowerCase());
      expect(logged(digest)).not.toContain(secret.toLowerCase());
    }
    // Nor does the queue hold one.
    const rows = JSON.stringify((await ctx.database.db.execute(sql`select m::text from mail_jobs m`)) as unknown).toLowerCase();
    for (const secret of secretsOf([eager.user._id, reader.user._id])) expect(rows).not.toContain(secret.toLowerCase());
  });
});
