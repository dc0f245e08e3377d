import { paths, UNSUBSCRIBE_PAGE } from '@campus/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import { queriesDuring, statementsDuring, useTestApp } from '../../../test/build-app';
import { buildCourse, buildNote, buildProfessor, buildStudent, joinCourse, loginExamOffice, withCookie, type TestUser } from '../../../test/factories';
import { multipart, tinyPdf } from '../../../test/fixtures';
import { startSmtpServer, testMailConfig, type ReceivedMail, type TestSmtp } from '../../../test/smtp-server';
import { mailJobs, notifications } from '../../db/schema';
import { wakeMailWorkers } from '../../platform/mail/mail-queue';
import { digestDayWords, queueDigest } from './digest';
import { oneUser } from './recipients';
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
/** When this app's digest goes out (the defaults: 07:00 on the campus's clock). */
const digestHour = () => ({ timeZone: ctx.config.campusTimeZone, hour: ctx.config.digestHour });

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
/** The unsubscribe link in an email's body ("Stop these emails: …"). */
const bodyUnsubscribe = (text: string) => /^Stop these emails: (\S+)$/m.exec(text)?.[1] ?? '';
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
/** What the web page asks first, with the token of a link (the body's or the header's). */
const status = async (link: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `${paths.notifications.unsubscribeStatus}?${new URLSearchParams({ token: tokenOf(link) })}` });
  return { statusCode: res.statusCode, data: res.json().data };
};
/** The web page's confirmation: the link's token, POSTed as JSON. */
const confirm = (link: string) =>
  ctx.app.inject({ method: 'POST', url: `${paths.notifications.unsubscribe}?${new URLSearchParams({ token: tokenOf(link) })}`, payload: { 'List-Unsubscribe': 'One-Click' } });

describe('immediate emails', () => {
  it('greets the reader by name, says who did what, links to the exact page, and ends with a short way out', async () => {
    const prof = await buildProfessor(ctx.app, { fullname: 'Asha Rao' });
    const eager = await buildStudent(ctx.app, { fullname: 'Ravi Kumar', semester: 5, branch: 'Civil Engineering' });
    const quiet = await buildStudent(ctx.app, { semester: 5, branch: 'Civil Engineering' });
    await patchPrefs(eager, { notes: 'immediate' });
    const course = await buildCourse(ctx.app, prof, { title: 'Data Structures', semester: 5, branch: 'Civil Engineering' });
    await joinCourse(ctx.app, eager, course._id);
    await joinCourse(ctx.app, quiet, course._id);
    await buildNote(ctx.app, prof, course._id, undefined, 'Week 3');

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([eager.user.email]);
    expect(mail!.parsed.subject).toBe('Prof. Asha Rao added notes "Week 3" to "Data Structures"');
    const text = mail!.parsed.text ?? '';
    const link = bodyUnsubscribe(text);
    expect(text).toBe(
      [
        'Hello Ravi Kumar,',
        '',
        'Prof. Asha Rao added notes "Week 3" to "Data Structures".',
        '',
        `Open it on Campus Portal: ${ORIGIN}/course/${course._id}/notes`,
        '',
        '-- ',
        'You get this email because you chose to hear about new notes by email at once.',
        `Change what reaches you by email: ${ORIGIN}/settings/notifications`,
        `Stop these emails: ${link}`,
        '',
      ].join('\n'),
    );
    // The body's way out is the web page with a short token: no long API address for a mail
    // program to cut.
    expect(link).toMatch(new RegExp(`^${ORIGIN}${UNSUBSCRIBE_PAGE}\\?token=[A-Za-z0-9_-]{39}$`));
    expect(new URL(link).searchParams.get('token')!.length).toBeLessThanOrEqual(60);
    expect(text).not.toContain('/api/v1');
    // RFC 8058: the header's https link, POSTed to with List-Unsubscribe=One-Click, the same token.
    const oneClickLink = listUnsubscribe(mail!);
    expect(oneClickLink).toBe(`${ORIGIN}${paths.notifications.unsubscribe}?token=${new URL(link).searchParams.get('token')}`);
    expect(mail!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Nobody else: the student who kept notes in the portal.
    expect((await jobs()).map((j) => j.recipient)).toEqual([eager.user.email]);

    // The page first asks whether the link's emails are still on: they are, and asking changed nothing.
    expect(await status(link)).toEqual({ statusCode: 200, data: { scope: 'notes', alreadyOff: false } });
    expect((await prefsOf(eager)).notes).toBe('immediate');
    // The page's POST (the body's token, as JSON) turns notes off; asked again, the link is used.
    const res = await confirm(link);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ scope: 'notes' });
    expect(await prefsOf(eager)).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'immediate', exams: 'immediate', coursework: 'inapp' });
    expect(await status(link)).toEqual({ statusCode: 200, data: { scope: 'notes', alreadyOff: true } });
    await buildNote(ctx.app, prof, course._id, undefined, 'Week 4');
    expect(await jobs()).toHaveLength(1);
  });

  it('the one-click header unsubscribes with a POST alone; an altered token is refused and changes nothing', async () => {
    const prof = await buildProfessor(ctx.app);
    const eager = await buildStudent(ctx.app, { semester: 5, branch: 'Electrical Engineering' });
    await patchPrefs(eager, { courses: 'immediate' });
    const course = await buildCourse(ctx.app, prof, { title: 'Hydraulics', semester: 5, branch: 'Electrical Engineering' });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.subject).toBe(`Prof. ${prof.user.fullname} created the course "Hydraulics" for Electrical Engineering, semester 5`);
    expect(mail!.parsed.text).toContain(`Open it on Campus Portal: ${ORIGIN}/course/${course._id}\n`);
    const link = listUnsubscribe(mail!);
    const res = await oneClick(link);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ scope: 'courses' });
    expect((await prefsOf(eager)).courses).toBe('inapp');
    // Used again (a second click, a mail client retrying): still fine, still off.
    expect((await oneClick(link)).statusCode).toBe(200);

    await patchPrefs(eager, { courses: 'immediate' });
    const token = new URL(link).searchParams.get('token')!;
    const tampered = link.replace(token, `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`);
    expect((await oneClick(tampered)).statusCode).toBe(400);
    expect((await status(tampered)).statusCode).toBe(400);
    expect((await prefsOf(eager)).courses).toBe('immediate');
  });

  it('each kind names who did what and opens its own page: courses, notes, marksheets', async () => {
    const prof = await buildProfessor(ctx.app, { fullname: 'Asha Rao' });
    const student = await buildStudent(ctx.app, { fullname: 'Ravi Kumar', semester: 2 });
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
    // Greeting, who did what (as a sentence), and the exact page, in that order, for each.
    const opening = (m: ReceivedMail) => (m.parsed.text ?? '').split('\n').slice(0, 5);
    const byRecipient = sent.map((m) => [m.to[0], m.parsed.subject, ...opening(m)]).sort();
    const open = (route: string) => `Open it on Campus Portal: ${ORIGIN}${route}`;
    expect(byRecipient).toEqual(
      [
        [prof.user.email, 'Ravi Kumar joined your course "Optics"', 'Hello Asha Rao,', '', 'Ravi Kumar joined your course "Optics".', '', open(`/course/${course._id}/enrolled`)],
        [student.user.email, 'Prof. Asha Rao added notes "Week 1" to "Optics"', 'Hello Ravi Kumar,', '', 'Prof. Asha Rao added notes "Week 1" to "Optics".', '', open(`/course/${course._id}/notes`)],
        [
          office.user.email,
          `Ravi Kumar (${student.user.registrationId}) requests the marksheet of semester 1`,
          `Hello ${office.user.fullname},`,
          '',
          `Ravi Kumar (${student.user.registrationId}) requests the marksheet of semester 1.`,
          '',
          open(`/applicant/${student.user._id}?semester=1`),
        ],
        [student.user.email, 'The exam office uploaded your marksheet for semester 1', 'Hello Ravi Kumar,', '', 'The exam office uploaded your marksheet for semester 1.', '', open('/marksheet')],
      ].sort(),
    );
    // Each notification row carries its kind.
    const kinds = await ctx.database.db.select({ kind: notifications.kind }).from(notifications).orderBy(asc(notifications.seq));
    expect(kinds.map((k) => k.kind)).toEqual(['courses', 'notes', 'marksheets', 'marksheets']);
  });

  it('coursework reaches by email those who chose it (in the portal only by default), with its own way out', async () => {
    const prof = await buildProfessor(ctx.app, { fullname: 'Asha Rao' });
    const eager = await buildStudent(ctx.app, { fullname: 'Ravi Kumar' });
    const quiet = await buildStudent(ctx.app);
    const course = await buildCourse(ctx.app, prof, { title: 'Optics' });
    for (const s of [eager, quiet]) await joinCourse(ctx.app, s, course._id);
    expect((await prefsOf(quiet)).coursework).toBe('inapp');
    await patchPrefs(eager, { coursework: 'immediate' });
    const posted = await ctx.app.inject({ method: 'POST', url: paths.coursework.post(course._id), headers: { cookie: prof.cookie }, payload: { text: 'Lab moves to Friday' } });
    expect(posted.statusCode).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([eager.user.email]);
    const text = mail!.parsed.text ?? '';
    expect(text.split('\n').slice(0, 5)).toEqual(['Hello Ravi Kumar,', '', 'Prof. Asha Rao posted in "Optics": Lab moves to Friday.', '', `Open it on Campus Portal: ${ORIGIN}/course/${course._id}/stream`]);
    expect(text).toContain('You get this email because you chose to hear about coursework by email at once.');
    expect(tokenOf(bodyUnsubscribe(text))).toBe(signUnsubscribe(signingKey(MAIL_SECRET), eager.user._id, 'coursework'));
    expect((await oneClick(listUnsubscribe(mail!))).statusCode).toBe(200);
    expect((await prefsOf(eager)).coursework).toBe('inapp');
  });

  it('applicants are emailed by default: a declined request reaches a student who never chose, with the reason; not one who chose the portal', async () => {
    const fresh = await buildStudent(ctx.app, { fullname: 'Ravi Kumar', semester: 2 });
    const quiet = await buildStudent(ctx.app, { semester: 2 });
    await patchPrefs(quiet, { marksheets: 'inapp' });
    const office = await loginExamOffice(ctx.app);
    await patchPrefs(office, { marksheets: 'inapp' });
    for (const s of [fresh, quiet]) {
      const applied = await ctx.app.inject({ method: 'POST', url: paths.applications.create, headers: { cookie: s.cookie }, payload: { semester: 1 } });
      expect(applied.statusCode).toBe(201);
      const declined = await ctx.app.inject({ method: 'POST', url: paths.applications.decline(applied.json().data.application._id), headers: { cookie: office.cookie }, payload: { reason: 'Fees for semester 1 are unpaid' } });
      expect(declined.statusCode).toBe(200);
    }
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([fresh.user.email]);
    expect(mail!.parsed.text).toContain('The exam office declined your request for the marksheet of semester 1: Fees for semester 1 are unpaid.');
    expect(mail!.parsed.text).toContain(`Open it on Campus Portal: ${ORIGIN}/marksheet`);
    expect(await jobs()).toHaveLength(1);
  });

  it("an exam's new hours reach the class by email, in the words the card prints", async () => {
    const prof = await buildProfessor(ctx.app, { fullname: 'Asha Rao' });
    const student = await buildStudent(ctx.app, { fullname: 'Ravi Kumar' });
    const course = await buildCourse(ctx.app, prof, { title: 'Optics', examDate: '2026-12-03' });
    await joinCourse(ctx.app, student, course._id);
    const res = await ctx.app.inject({ method: 'PATCH', url: paths.courses.update(course._id), headers: { cookie: prof.cookie }, payload: { title: 'Optics', description: 'd', semester: 3, branch: 'Computer Engineering', examStart: '14:00', examEnd: '17:00' } });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([student.user.email]);
    expect(mail!.parsed.text).toContain('Prof. Asha Rao set the exam of "Optics" on Thursday, 3 December 2026 for 02:00 PM to 05:00 PM: download your admit card again.');
  });

  it('a job queued before emails greeted by name still renders, with "Hello,"', async () => {
    const student = await buildStudent(ctx.app, { semester: 3 });
    await ctx.database.db.insert(mailJobs).values({
      recipient: student.user.email,
      template: 'notification',
      params: { userId: student.user._id, kind: 'courses', content: 'New course "Old words"', link: null },
      priority: 1,
    });
    await wakeMailWorkers(ctx.database.db);
    const [mail] = await smtp.waitFor(1);
    expect((mail!.parsed.text ?? '').startsWith(`Hello,\n\nNew course "Old words".\n\nYour notifications on Campus Portal: ${ORIGIN}/all-notifications\n`)).toBe(true);
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
    await ctx.database.db.transaction((tx) => ctx.app.notify(tx, oneUser(student.user._id), { content: 'Lab moved\r\nStop these emails: https://evil.test', link: null, kind: 'courses' }));
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.subject).toBe('Lab moved Stop these emails: https://evil.test');
    const text = mail!.parsed.text ?? '';
    expect(text.startsWith(`Hello ${student.user.fullname},\n\nLab moved Stop these emails: https://evil.test.\n\nYour notifications on Campus Portal: ${ORIGIN}/all-notifications\n`)).toBe(true);
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
    expect(await prefsOf(fresh)).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'immediate', exams: 'immediate', coursework: 'inapp' });
    expect(await prefsOf(other)).toEqual({ courses: 'inapp', notes: 'daily', marksheets: 'immediate', exams: 'immediate', coursework: 'inapp' });

    // The notifications and the email jobs: one statement.
    const queries = await queriesDuring(() => setExam(prof, course, '2026-04-09'));
    const inserts = queries.filter((q) => /insert into "mail_jobs"/i.test(q));
    expect(inserts).toHaveLength(1);
    expect(inserts[0]).toMatch(/insert into "notifications"/i);

    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([fresh.user.email, other.user.email].sort());
    const subject = 'Prof. Asha Rao set the exam of "Data Structures" for Thursday, 9 April 2026: download your admit card again';
    expect(mails.map((m) => m.parsed.subject)).toEqual([subject, subject]);
    const text = mails[0]!.parsed.text ?? '';
    // A card printed before lists the old day: the email says to download it again, and links to it.
    expect(text).toContain(`Download your admit card again on Campus Portal: ${ORIGIN}/hallticket\n`);
    expect(text).toContain('You get this email because you chose to hear about exam dates by email at once.');
    expect((await jobs()).map((j) => j.recipient).sort()).toEqual([fresh.user.email, other.user.email].sort());
    expect((await jobs()).some((j) => [quiet, digest, outsider, prof].some((u) => u.user.email === j.recipient))).toBe(false);

    // The daily reader finds it in the next digest, under its own heading.
    await ctx.database.db.update(notifications).set({ createdAt: new Date(IN_WINDOW[1]!) }).where(eq(notifications.kind, 'exams'));
    expect(await queueDigest(ctx.database.db, digestHour(), DAY)).toBe(1);
    const [, , daily] = await smtp.waitFor(3);
    expect(daily!.to).toEqual([digest.user.email]);
    expect(daily!.parsed.text).toContain(['Exam dates (1)', `- ${subject}`, `  ${ORIGIN}/hallticket`].join('\n'));
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
    expect(await prefsOf(student)).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'immediate', exams: 'inapp', coursework: 'inapp' });

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
    expect(res.json().data.preferences).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'inapp', coursework: 'inapp' });
    // Saving another kind with mail off does not pin exams to the portal: with mail on, the default applies.
    await off.inject({ method: 'PATCH', url: paths.notifications.updatePreferences, headers: { cookie: student.cookie }, payload: { notes: 'inapp' } });
    expect((await prefsOf(student)).exams).toBe('immediate');
  });
});

describe('unsubscribe links', () => {
  const longToken = (userId: string, scope: string) => `${userId}.${scope}.${createHmac('sha256', MAIL_SECRET).update(`${userId}.${scope}`).digest('hex')}`;
  const apiLink = (token: string) => `${paths.notifications.unsubscribePage}?${new URLSearchParams({ token })}`;
  const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('the long links of emails already sent keep working: opened, checked, confirmed', async () => {
    const reader = await buildStudent(ctx.app, { semester: 1 });
    await patchPrefs(reader, { marksheets: 'immediate' });
    const token = longToken(reader.user._id, 'marksheets');
    expect(token.length).toBeGreaterThan(100);
    for (const headers of [{}, BROWSER]) {
      const opened = await ctx.app.inject({ method: 'GET', url: apiLink(token), headers });
      expect(opened.statusCode).toBe(303);
      expect(opened.headers.location).toBe(`${UNSUBSCRIBE_PAGE}?${new URLSearchParams({ token })}`);
    }
    expect(await status(`${ORIGIN}${apiLink(token)}`)).toEqual({ statusCode: 200, data: { scope: 'marksheets', alreadyOff: false } });
    expect((await oneClick(`${ORIGIN}${apiLink(token)}`)).statusCode).toBe(200);
    expect((await prefsOf(reader)).marksheets).toBe('inapp');
    expect(await status(`${ORIGIN}${apiLink(token)}`)).toEqual({ statusCode: 200, data: { scope: 'marksheets', alreadyOff: true } });
  });

  it('a browser opening a cut, forged or empty link at the API address is sent to the page, never shown JSON', async () => {
    const reader = await buildStudent(ctx.app, { semester: 1 });
    const whole = longToken(reader.user._id, 'courses');
    const cut = whole.slice(0, 60);
    const cases: [string, string][] = [
      [apiLink(cut), `${UNSUBSCRIBE_PAGE}?${new URLSearchParams({ token: cut })}`],
      [apiLink(`${reader.user._id}.courses.${'0'.repeat(64)}`), `${UNSUBSCRIBE_PAGE}?${new URLSearchParams({ token: `${reader.user._id}.courses.${'0'.repeat(64)}` })}`],
      [paths.notifications.unsubscribePage, UNSUBSCRIBE_PAGE],
      [`${paths.notifications.unsubscribePage}?token=`, UNSUBSCRIBE_PAGE],
      [apiLink('x'.repeat(300)), UNSUBSCRIBE_PAGE],
    ];
    for (const [url, page] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: BROWSER });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe(page);
      expect(res.body, url).toBe('');
    }
    // An API client asking the same is told what is wrong, as before.
    const asked = await ctx.app.inject({ method: 'GET', url: apiLink(cut) });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ code: 'unsubscribe_invalid', errors: ['this unsubscribe link is not valid'] });
    const empty = await ctx.app.inject({ method: 'GET', url: paths.notifications.unsubscribePage });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toContain('Token');
    // The page's check says 400 for each, so the page can say the link is broken.
    expect((await status(`${ORIGIN}${apiLink(cut)}`)).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: paths.notifications.unsubscribeStatus })).statusCode).toBe(400);
  });

  it('the digest\'s link is off once no kind is daily, whichever way that happened', async () => {
    const reader = await buildStudent(ctx.app, { semester: 1 });
    const link = `${ORIGIN}${apiLink(signUnsubscribe(signingKey(MAIL_SECRET), reader.user._id, 'digest'))}`;
    // No choices saved yet: nothing is daily, nothing to stop.
    expect((await status(link)).data).toEqual({ scope: 'digest', alreadyOff: true });
    await patchPrefs(reader, { notes: 'daily', courses: 'immediate' });
    expect((await status(link)).data).toEqual({ scope: 'digest', alreadyOff: false });
    // Changed in the settings rather than by the link: the page says so all the same.
    await patchPrefs(reader, { notes: 'inapp' });
    expect((await status(link)).data).toEqual({ scope: 'digest', alreadyOff: true });
    expect((await prefsOf(reader)).courses).toBe('immediate');
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

  it('tells of the day holding most of its 24 hours', () => {
    expect(digestDayWords('2026-03-10', 7)).toBe('Monday 9 March');
    expect(digestDayWords('2026-03-01', 0)).toBe('Saturday 28 February');
    expect(digestDayWords('2026-03-10', 18)).toBe('Tuesday 10 March');
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
    const soils = await buildCourse(ctx.app, prof, { title: 'Soils', semester: 4, branch: 'Civil Engineering' });
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

    expect(await queueDigest(ctx.database.db, digestHour(), DAY)).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([reader.user.email]);
    // The day it tells of: the one holding most of its window (07:00 on the 9th to 07:00 on the 10th).
    expect(mail!.parsed.subject).toBe('Campus Portal digest for Monday 9 March: 3 new notifications');
    const text = mail!.parsed.text ?? '';
    const link = bodyUnsubscribe(text);
    const by = `Prof. ${prof.user.fullname}`;
    // A letter: greeting, the day, each kind's section with its count, each line with its link.
    expect(text).toBe(
      [
        `Hello ${reader.user.fullname},`,
        '',
        'Here is what happened on Campus Portal on Monday 9 March:',
        '',
        'Courses (2)',
        `- ${by} created the course "Fluids" for Civil Engineering, semester 4`,
        `  ${ORIGIN}/course/${fluids._id}`,
        `- ${by} created the course "Soils" for Civil Engineering, semester 4`,
        `  ${ORIGIN}/course/${soils._id}`,
        '',
        'Notes (1)',
        `- ${by} added notes "Lecture 1" to "Fluids"`,
        `  ${ORIGIN}/course/${fluids._id}/notes`,
        '',
        `All your notifications: ${ORIGIN}/all-notifications`,
        '',
        '-- ',
        'You get this email because you chose a daily digest for some kinds of notification.',
        `Change what reaches you by email: ${ORIGIN}/settings/notifications`,
        `Stop these emails: ${link}`,
        '',
      ].join('\n'),
    );
    expect(link).toMatch(new RegExp(`^${ORIGIN}${UNSUBSCRIBE_PAGE}\\?token=[A-Za-z0-9_-]{39}$`));
    expect(tokenOf(listUnsubscribe(mail!))).toBe(tokenOf(link));
    const [job] = await jobs();
    expect(job!.dedupeKey).toBe(`digest:${reader.user._id}:${DAY}`);

    // Run again (a restart, a second instance): nothing more.
    expect(await queueDigest(ctx.database.db, digestHour(), DAY)).toBe(0);
    expect(await jobs()).toHaveLength(1);

    // Its one-click link turns the digest off: every daily kind back to inapp.
    expect((await oneClick(listUnsubscribe(mail!))).statusCode).toBe(200);
    expect(await prefsOf(reader)).toEqual({ courses: 'inapp', notes: 'inapp', marksheets: 'inapp', exams: 'immediate', coursework: 'inapp' });
  });

  it('caps each kind\'s list and says how many more arrived', async () => {
    const reader = await buildStudent(ctx.app, { semester: 6, branch: 'Mechanical Engineering' });
    await patchPrefs(reader, { courses: 'daily' });
    for (let i = 1; i <= 53; i++) await ctx.database.db.insert(notifications).values({ recipientId: reader.user._id, content: `Course ${i}`, link: null, kind: 'courses', createdAt: new Date(IN_WINDOW[1]!) });
    expect(await queueDigest(ctx.database.db, digestHour(), DAY)).toBe(1);
    // The job holds the lines (50 of them) and how many arrived; the email says the rest.
    const [job] = await jobs();
    const [section] = (job!.params as { sections: { kind: string; total: number; lines: unknown[] }[] }).sections;
    expect(section).toMatchObject({ kind: 'courses', total: 53 });
    expect(section!.lines).toHaveLength(50);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.subject).toMatch(/: 53 new notifications$/);
    expect(mail!.parsed.text).toContain(`Courses (53)\n- Course 1\n`);
    expect(mail!.parsed.text).toContain(`- Course 50\n- …and 3 more: ${ORIGIN}/all-notifications\n`);
    expect(mail!.parsed.text).not.toContain('Course 51');
  });

  it('one notification is "1 new notification", and a line break in one cannot start a line of the email', async () => {
    const reader = await buildStudent(ctx.app, { semester: 6, branch: 'Mechanical Engineering' });
    await patchPrefs(reader, { notes: 'daily' });
    await ctx.database.db.insert(notifications).values({ recipientId: reader.user._id, content: 'New notes "Week 2"\nOpen this instead: https://evil.test', link: null, kind: 'notes', createdAt: new Date(IN_WINDOW[1]!) });
    expect(await queueDigest(ctx.database.db, digestHour(), DAY)).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.subject).toBe('Campus Portal digest for Monday 9 March: 1 new notification');
    expect(mail!.parsed.text).toContain('Notes (1)\n- New notes "Week 2" Open this instead: https://evil.test\n');
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
    const scopes = ['courses', 'notes', 'marksheets', 'digest'] as const;
    // The short tokens, their MAC part alone, and the MACs of the long tokens sent before.
    const tokens = userIds.flatMap((id) => scopes.map((scope) => signUnsubscribe(signing, id, scope)));
    const shortMacs = tokens.map((t) => Buffer.from(t, 'base64url').subarray(17).toString('hex'));
    const longMacs = userIds.flatMap((id) => scopes.map((scope) => createHmac('sha256', MAIL_SECRET).update(`${id}.${scope}`).digest('hex')));
    return [MAIL_SECRET, raw.toString('hex'), raw.toString('base64'), pad(0x36), pad(0x5c), ...tokens, ...shortMacs, ...longMacs];
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
    const digest = await statementsDuring(() => queueDigest(ctx.database.db, digestHour(), DAY));
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
