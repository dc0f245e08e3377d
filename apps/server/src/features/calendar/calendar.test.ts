import { paths, type CampusEvent, type Course } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { logCollector, queriesDuring, useTestApp } from '../../../test/build-app';
import { buildCourse, buildEvent, buildProfessor, buildStudent, joinCourse, loginAdmin, loginAs, loginExamOffice, withCookie, type TestUser } from '../../../test/factories';
import { multipart } from '../../../test/fixtures';
import { insertAssignment } from '../../../test/coursework-factories';
import { passwordResets } from '../../db/schema';
import { hashToken } from '../../platform/auth/sessions';

const ctx = useTestApp();

/** The campus clock in these tests: noon in Kolkata, 15 May 2030 (the feed holds events from 14 February). */
const NOW = '2030-05-15T06:30:00Z';

const feedApp = (more: Parameters<typeof ctx.extraApp>[0] = {}) => ctx.extraApp({ now: () => new Date(NOW), ...more });
/** The same campus a year earlier: events hosted through it were upcoming then (none may start in the past). */
const yearEarlier = () => ctx.extraApp({ now: () => new Date('2029-05-15T06:30:00Z') });

async function feedUrl(who: TestUser, app: FastifyInstance = ctx.app): Promise<string> {
  const res = await app.inject({ method: 'GET', url: paths.calendar.feed, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

/** The path of a feed URL, for app.inject. */
const pathOf = (url: string) => new URL(url).pathname;

const fetchFeed = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: pathOf(url), headers });

/** The feed parsed by ical.js, its VTIMEZONE registered so that times resolve in it. */
function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const vevents = calendar.getAllSubcomponents('vevent');
  const byUid = new Map(vevents.map((v) => [String(v.getFirstPropertyValue('uid')), v]));
  return { calendar, vevents, byUid };
}

const startOf = (v: ICAL.Component) => v.getFirstPropertyValue('dtstart') as ICAL.Time;

describe('GET /api/v1/calendar/feed', () => {
  it('answers the same private address every time, created on the first call', async () => {
    const student = await buildStudent(ctx.app);
    const first = await feedUrl(student);
    expect(first).toMatch(/^http:\/\/localhost(:\d+)?\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(student)).toBe(first);
    const other = await buildStudent(ctx.app);
    expect(await feedUrl(other)).not.toBe(first);
  });

  it('two first calls at once give one address', async () => {
    const student = await buildStudent(ctx.app);
    const urls = await Promise.all([feedUrl(student), feedUrl(student), feedUrl(student)]);
    expect(new Set(urls).size).toBe(1);
    expect((await fetchFeed(ctx.app, urls[0]!)).statusCode).toBe(200);
  });

  it('uses PUBLIC_ORIGIN when configured', async () => {
    const app = await feedApp({ publicOrigin: 'https://portal.example.edu' });
    const student = await buildStudent(app);
    expect(await feedUrl(student, app)).toMatch(/^https:\/\/portal\.example\.edu\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  });

  it('stores only the token\'s hash', async () => {
    const student = await buildStudent(ctx.app);
    const token = /\/calendar\/(.+)\.ics$/.exec(await feedUrl(student))![1]!;
    const { rows } = (await ctx.database.db.execute('select * from calendar_feeds')) as unknown as { rows: Record<string, unknown>[] };
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('POST /api/v1/calendar/feed/reset', () => {
  it('gives a new address; the old one answers 404, the new one the feed', async () => {
    const student = await buildStudent(ctx.app);
    const old = await feedUrl(student);
    expect((await fetchFeed(ctx.app, old)).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'POST', url: paths.calendar.reset, headers: { cookie: student.cookie } });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.url as string;
    expect(fresh).not.toBe(old);
    const gone = await fetchFeed(ctx.app, old);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toMatch(/revoked|reset|token/i);
    expect((await fetchFeed(ctx.app, fresh)).statusCode).toBe(200);
    // GET answers the new address from now on.
    expect(await feedUrl(student)).toBe(fresh);
  });

  it('works before any GET too', async () => {
    const student = await buildStudent(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: paths.calendar.reset, headers: { cookie: student.cookie } });
    expect(res.statusCode).toBe(200);
    expect(await feedUrl(student)).toBe(res.json().data.url);
  });
});

describe('a feed ends with its account', () => {
  it('answers 404 while the account is deactivated (an administrator\'s PATCH), and serves again once it is reactivated', async () => {
    const student = await buildStudent(ctx.app);
    const url = await feedUrl(student);
    const admin = await loginAdmin(ctx.app);
    const setActive = (active: boolean) => ctx.app.inject({ method: 'PATCH', url: paths.admin.updateUser(student.user._id), headers: { cookie: admin.cookie }, payload: { active } });
    expect((await setActive(false)).statusCode).toBe(200);
    const gone = await fetchFeed(ctx.app, url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toMatch(/deactivated|inactive/i);
    expect((await setActive(true)).statusCode).toBe(200);
    expect((await fetchFeed(ctx.app, url)).statusCode).toBe(200);
  });

  it('a password reset ends the address for good: 404 from then on, and the owner is given a new one', async () => {
    const student = await buildStudent(ctx.app);
    const url = await feedUrl(student);
    // The emailed link's token, as the reset page sends it (mail is off here: the row is the link).
    await ctx.database.db.insert(passwordResets).values({ tokenHash: hashToken('calendar-reset-token'), userId: student.user._id, expiresAt: new Date(Date.now() + 60_000) });
    const reset = await ctx.app.inject({ method: 'POST', url: paths.users.resetPassword, payload: { token: 'calendar-reset-token', newpassword: 'a brand new passphrase' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await fetchFeed(ctx.app, url)).statusCode).toBe(404);
    const cookie = await loginAs(ctx.app, student.user.registrationId, 'a brand new passphrase');
    const fresh = await feedUrl({ ...student, cookie });
    expect(fresh).not.toBe(url);
    expect((await fetchFeed(ctx.app, fresh)).statusCode).toBe(200);
    expect((await fetchFeed(ctx.app, url)).statusCode).toBe(404);
  });
});

describe('GET /calendar/<token>.ics', () => {
  it('is an RFC 5545 calendar: each campus event in the campus zone, an hour long, with its venue and link', async () => {
    const app = await feedApp();
    const host = await buildProfessor(app);
    const student = await buildStudent(app, { fullname: 'Ada Lovelace' });
    const concert = await buildEvent(app, host, { title: 'Concert; strings, brass', description: 'Line one\nLine two, with \\ a backslash', date: '2030-06-01', time: '18:30', venue: 'Main Hall, Block A' });
    const morning = await buildEvent(await yearEarlier(), host, { title: 'Yoga', date: '2030-05-15', time: '06:05', venue: 'Lawn' });
    const res = await fetchFeed(app, await feedUrl(student, app));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(res.body.replace(/\r\n/g, '')).not.toContain('\n');

    const { calendar, byUid } = parse(res.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Campus Portal//Calendar feed//EN');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Campus Portal — Ada Lovelace');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Kolkata');

    const event = byUid.get(`event-${concert._id}@localhost`)!;
    expect(event.getFirstPropertyValue('summary')).toBe('Concert; strings, brass');
    expect(event.getFirstPropertyValue('location')).toBe('Main Hall, Block A');
    expect(event.getFirstPropertyValue('description')).toBe('Line one\nLine two, with \\ a backslash');
    expect(event.getFirstPropertyValue('url')).toBe(`http://localhost/event/${concert._id}`);
    const start = startOf(event);
    expect(start.zone?.tzid).toBe('Asia/Kolkata');
    expect(start.toString()).toBe('2030-06-01T18:30:00');
    // 18:30 in Kolkata (+05:30) is 13:00 UTC.
    expect(start.toJSDate().toISOString()).toBe('2030-06-01T13:00:00.000Z');
    expect(String(event.getFirstPropertyValue('duration'))).toBe('PT1H');
    const dtstamp = event.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(dtstamp.toJSDate().toISOString()).toBe(new Date(Math.floor(Date.parse(concert.updatedAt) / 1000) * 1000).toISOString());
    expect((event.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate()).toEqual(dtstamp.toJSDate());

    const yoga = byUid.get(`event-${morning._id}@localhost`)!;
    expect(yoga.getFirstPropertyValue('summary')).toBe('Yoga');
    // 06:05 in Kolkata is 00:35 UTC the same day.
    expect(startOf(yoga).toJSDate().toISOString()).toBe('2030-05-15T00:35:00.000Z');
  });

  it('folds long and non-ASCII text at 75 octets, never inside a character, and it reads back whole', async () => {
    const app = await feedApp();
    const host = await buildProfessor(app);
    const student = await buildStudent(app, { fullname: 'Ānanda Kumār' });
    const description = `नमस्ते — ${'Welcome to the robotics night, with demos; talks, and food. '.repeat(12)}🎉 फिर मिलेंगे`;
    const event = await buildEvent(app, host, { title: `Robotics ${'é'.repeat(80)}`, description, date: '2030-06-01' });
    const { body } = await fetchFeed(app, await feedUrl(student, app));
    const lines = body.split('\r\n');
    expect(lines.length).toBeGreaterThan(15);
    for (const l of lines) {
      expect(Buffer.byteLength(l, 'utf8'), l).toBeLessThanOrEqual(75);
      expect(l).not.toContain('\uFFFD');
    }
    const { calendar, byUid } = parse(body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Campus Portal — Ānanda Kumār');
    const vevent = byUid.get(`event-${event._id}@localhost`)!;
    expect(vevent.getFirstPropertyValue('description')).toBe(description);
    expect(vevent.getFirstPropertyValue('summary')).toBe(`Robotics ${'é'.repeat(80)}`);
  });

  it('has a VTIMEZONE for the campus zone: Asia/Kolkata is +0530 all year', async () => {
    const app = await feedApp();
    const student = await buildStudent(app);
    const { calendar } = parse((await fetchFeed(app, await feedUrl(student, app))).body);
    const [vtimezone, ...more] = calendar.getAllSubcomponents('vtimezone');
    expect(more).toHaveLength(0);
    expect(vtimezone!.getFirstPropertyValue('tzid')).toBe('Asia/Kolkata');
    const observances = vtimezone!.getAllSubcomponents();
    expect(observances.map((o) => o.name)).toEqual(['standard']);
    expect(String(observances[0]!.getFirstPropertyValue('tzoffsetfrom'))).toBe('+05:30');
    expect(String(observances[0]!.getFirstPropertyValue('tzoffsetto'))).toBe('+05:30');
  });

  it('in a zone with daylight saving time, gives each change and places events on the right side of it', async () => {
    const app = await feedApp({ campusTimeZone: 'America/New_York', now: () => new Date('2030-01-10T17:00:00Z') });
    const host = await buildProfessor(app);
    const student = await buildStudent(app);
    const winter = await buildEvent(app, host, { date: '2030-03-09', time: '09:00' });
    const spring = await buildEvent(app, host, { date: '2030-03-11', time: '09:00' });
    const autumn = await buildEvent(app, host, { date: '2031-11-03', time: '01:30' });
    const { calendar, byUid } = parse((await fetchFeed(app, await feedUrl(student, app))).body);
    const vtimezone = calendar.getFirstSubcomponent('vtimezone')!;
    expect(vtimezone.getFirstPropertyValue('tzid')).toBe('America/New_York');
    const changes = vtimezone.getAllSubcomponents().map((o) => [o.name, String(o.getFirstPropertyValue('dtstart')), String(o.getFirstPropertyValue('tzoffsetto'))]);
    // 2030 and 2031: the year's opening offset, then each spring and autumn change.
    expect(changes).toEqual([
      ['standard', '2030-01-01T00:00:00', '-05:00'],
      ['daylight', '2030-03-10T02:00:00', '-04:00'],
      ['standard', '2030-11-03T02:00:00', '-05:00'],
      ['daylight', '2031-03-09T02:00:00', '-04:00'],
      ['standard', '2031-11-02T02:00:00', '-05:00'],
    ]);
    const utc = (id: string) => startOf(byUid.get(`event-${id}@localhost`)!).toJSDate().toISOString();
    expect(utc(winter._id)).toBe('2030-03-09T14:00:00.000Z');
    expect(utc(spring._id)).toBe('2030-03-11T13:00:00.000Z');
    expect(utc(autumn._id)).toBe('2031-11-03T06:30:00.000Z');
  });

  it('holds every future event and the past 90 days, not older ones', async () => {
    const app = await feedApp();
    const host = await buildProfessor(app);
    const student = await buildStudent(app);
    const earlier = await yearEarlier();
    const recent = await buildEvent(earlier, host, { date: '2030-02-14' });
    const old = await buildEvent(earlier, host, { date: '2030-02-13' });
    const far = await buildEvent(app, host, { date: '2099-12-31' });
    const { byUid } = parse((await fetchFeed(app, await feedUrl(student, app))).body);
    expect(byUid.has(`event-${recent._id}@localhost`)).toBe(true);
    expect(byUid.has(`event-${far._id}@localhost`)).toBe(true);
    expect(byUid.has(`event-${old._id}@localhost`)).toBe(false);
  });

  it("holds a student's joined courses' exam dates as all-day events, not other courses'", async () => {
    const app = await feedApp();
    const professor = await buildProfessor(app);
    const student = await buildStudent(app);
    const joined = await buildCourse(app, professor, { title: 'Thermodynamics', examDate: '2030-06-10' });
    const undated = await buildCourse(app, professor, { title: 'Optics' });
    const notJoined = await buildCourse(app, professor, { title: 'Mechanics', examDate: '2030-06-11' });
    await joinCourse(app, student, joined._id);
    await joinCourse(app, student, undated._id);
    const { byUid, vevents } = parse((await fetchFeed(app, await feedUrl(student, app))).body);
    const exams = vevents.filter((v) => String(v.getFirstPropertyValue('uid')).startsWith('exam-'));
    expect(exams.map((v) => v.getFirstPropertyValue('uid'))).toEqual([`exam-${joined._id}@localhost`]);
    expectExam(byUid.get(`exam-${joined._id}@localhost`)!, joined, '2030-06-10', '2030-06-11');
    expect(byUid.has(`exam-${notJoined._id}@localhost`)).toBe(false);
  });

  it("holds a professor's own courses' exam dates; the exam office's holds none", async () => {
    const app = await feedApp();
    const professor = await buildProfessor(app);
    const other = await buildProfessor(app);
    const mine = await buildCourse(app, professor, { title: 'Fluid dynamics', examDate: '2030-12-31' });
    await buildCourse(app, other, { title: 'Not mine', examDate: '2030-07-01' });
    const { vevents, byUid } = parse((await fetchFeed(app, await feedUrl(professor, app))).body);
    expect(vevents.map((v) => v.getFirstPropertyValue('uid'))).toEqual([`exam-${mine._id}@localhost`]);
    // The year's last day ends on the next year's first.
    expectExam(byUid.get(`exam-${mine._id}@localhost`)!, mine, '2030-12-31', '2031-01-01');

    const office = await loginExamOffice(app);
    const officeFeed = parse((await fetchFeed(app, await feedUrl(office, app))).body);
    expect(officeFeed.vevents).toHaveLength(0);
  });

  it('keeps an exam\'s UID when its date moves, and raises SEQUENCE each time the date changes (RFC 5545), so calendar apps move it', async () => {
    const app = await feedApp();
    const professor = await buildProfessor(app);
    const student = await buildStudent(app);
    const course = await buildCourse(app, professor, { title: 'Thermodynamics', examDate: '2030-06-10' });
    await joinCourse(app, student, course._id);
    const url = await feedUrl(student, app);
    const uid = `exam-${course._id}@localhost`;
    const exam = async () => parse((await fetchFeed(app, url)).body).byUid.get(uid);
    const edit = async (fields: Record<string, unknown>) => {
      const res = await app.inject({ method: 'PATCH', url: paths.courses.update(course._id), headers: { cookie: professor.cookie }, payload: { title: course.title, description: 'd', semester: 3, branch: 'Computer Engineering', ...fields } });
      expect(res.statusCode, res.body).toBe(200);
    };
    expect((await exam())!.getFirstPropertyValue('sequence')).toBe(0);

    await edit({ examDate: '2030-06-12' });
    const moved = (await exam())!;
    expect(moved.getFirstPropertyValue('sequence')).toBe(1);
    expectExam(moved, course, '2030-06-12', '2030-06-13');

    // Another field edited, or the same date sent again: the exam is the same revision.
    await edit({ description: 'Heat and work', examDate: '2030-06-12' });
    expect((await exam())!.getFirstPropertyValue('sequence')).toBe(1);

    // Cleared, the exam leaves the feed; set again, it comes back under the same UID, a later revision.
    await edit({ examDate: null });
    expect(await exam()).toBeUndefined();
    await edit({ examDate: '2030-06-20' });
    const back = (await exam())!;
    expect(back.getFirstPropertyValue('sequence')).toBe(3);
    expectExam(back, course, '2030-06-20', '2030-06-21');
  });

  it('writes an exam with times as a timed, busy event in the campus zone, with the exam centre as LOCATION', async () => {
    const app = await feedApp();
    const professor = await buildProfessor(app);
    const student = await buildStudent(app);
    const timed = await buildCourse(app, professor, { title: 'Thermodynamics', examDate: '2030-06-10', examStart: '09:30', examEnd: '12:30', examCentre: 'Main Block; Hall 2, Room 5' });
    const allDay = await buildCourse(app, professor, { title: 'Optics', examDate: '2030-06-11', examCentre: 'Annexe' });
    for (const c of [timed, allDay]) await joinCourse(app, student, c._id);
    const body = (await fetchFeed(app, await feedUrl(student, app))).body;
    // RFC 5545 §3.3.11: the centre's semicolon and comma go escaped, and the times carry the zone.
    expect(body).toContain('LOCATION:Main Block\\; Hall 2\\, Room 5\r\n');
    expect(body).toContain('DTSTART;TZID=Asia/Kolkata:20300610T093000\r\n');
    expect(body).toContain('DTEND;TZID=Asia/Kolkata:20300610T123000\r\n');
    const { byUid } = parse(body);
    const exam = byUid.get(`exam-${timed._id}@localhost`)!;
    expect(exam.getFirstPropertyValue('location')).toBe('Main Block; Hall 2, Room 5');
    expect(exam.getFirstPropertyValue('transp')).toBe('OPAQUE');
    expect(startOf(exam).toJSDate().toISOString()).toBe('2030-06-10T04:00:00.000Z');
    expect((exam.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString()).toBe('2030-06-10T07:00:00.000Z');
    // Without times: all day as before, busy, with its centre.
    const day = byUid.get(`exam-${allDay._id}@localhost`)!;
    expectExam(day, allDay, '2030-06-11', '2030-06-12');
    expect(day.getFirstPropertyValue('location')).toBe('Annexe');
    // No centre: no LOCATION at all (the event's own venue is never borrowed).
    const bare = await buildCourse(app, professor, { examDate: '2030-06-12' });
    await joinCourse(app, student, bare._id);
    expect(parse((await fetchFeed(app, await feedUrl(student, app))).body).byUid.get(`exam-${bare._id}@localhost`)!.hasProperty('location')).toBe(false);
  });

  it("raises an exam's SEQUENCE when its time moves or is cleared, and not when the same time is sent again", async () => {
    const app = await feedApp();
    const professor = await buildProfessor(app);
    const student = await buildStudent(app);
    const course = await buildCourse(app, professor, { title: 'Thermodynamics', examDate: '2030-06-10' });
    await joinCourse(app, student, course._id);
    const url = await feedUrl(student, app);
    const exam = async () => parse((await fetchFeed(app, url)).body).byUid.get(`exam-${course._id}@localhost`)!;
    const edit = async (fields: Record<string, unknown>) => {
      const res = await app.inject({ method: 'PATCH', url: paths.courses.update(course._id), headers: { cookie: professor.cookie }, payload: { title: course.title, description: 'd', semester: 3, branch: 'Computer Engineering', ...fields } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await edit({ examStart: '10:00', examEnd: '13:00' });
    expect((await exam()).getFirstPropertyValue('sequence')).toBe(1);
    expect(startOf(await exam()).toJSDate().toISOString()).toBe('2030-06-10T04:30:00.000Z');
    await edit({ examStart: '10:00', examEnd: '13:00' });
    await edit({ description: 'Heat' });
    expect((await exam()).getFirstPropertyValue('sequence')).toBe(1);
    await edit({ examStart: '14:00', examEnd: '17:00' });
    expect((await exam()).getFirstPropertyValue('sequence')).toBe(2);
    await edit({ examStart: null, examEnd: null });
    const cleared = await exam();
    expect(cleared.getFirstPropertyValue('sequence')).toBe(3);
    expect(startOf(cleared).isDate).toBe(true);
  });

  it('keeps UIDs stable from one fetch to the next; ETag and 304', async () => {
    const app = await feedApp();
    const host = await buildProfessor(app);
    const student = await buildStudent(app);
    const course = await buildCourse(app, host, { examDate: '2030-06-10' });
    await joinCourse(app, student, course._id);
    await buildEvent(app, host, { date: '2030-06-01' });
    await buildEvent(app, host, { date: '2030-07-01' });
    const url = await feedUrl(student, app);
    const first = await fetchFeed(app, url);
    const second = await fetchFeed(app, url);
    const uids = (body: string) => parse(body).vevents.map((v) => String(v.getFirstPropertyValue('uid')));
    expect(uids(first.body)).toHaveLength(3);
    expect(uids(second.body)).toEqual(uids(first.body));
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(second.headers.etag).toBe(tag);

    const unchanged = await fetchFeed(app, url, { 'if-none-match': tag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(tag);
    expect(unchanged.headers['cache-control']).toBe('private, max-age=300');

    // A new event changes the calendar: the old tag no longer matches.
    await buildEvent(app, host, { date: '2030-08-01' });
    const changed = await fetchFeed(app, url, { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(uids(changed.body)).toHaveLength(4);
  });

  it("follows an event's edit: the same UID, SEQUENCE raised, DTSTAMP and LAST-MODIFIED the edit's time, a new ETag", async () => {
    const app = await feedApp();
    const host = await buildProfessor(app);
    const student = await buildStudent(app);
    const event = await buildEvent(app, host, { title: 'Robotics night', date: '2030-06-01', time: '18:30', venue: 'Main Hall' });
    const url = await feedUrl(student, app);
    const uid = `event-${event._id}@localhost`;
    const before = await fetchFeed(app, url);
    const original = parse(before.body).byUid.get(uid)!;
    expect(original.getFirstPropertyValue('sequence')).toBe(0);

    const edit = async (fields: Record<string, string>) => {
      const res = await app.inject({
        method: 'PATCH',
        url: paths.events.update(event._id),
        ...withCookie(multipart({ title: 'Robotics night', description: 'Moved', date: '2030-06-02', time: '19:00', venue: 'Lawn', ...fields }), host.cookie),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.event as CampusEvent;
    };
    const seconds = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();

    const moved = await edit({});
    const after = await fetchFeed(app, url, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const { vevents, byUid } = parse(after.body);
    expect(vevents).toHaveLength(1);
    const changed = byUid.get(uid)!;
    expect(changed.getFirstPropertyValue('sequence')).toBe(1);
    expect(startOf(changed).toString()).toBe('2030-06-02T19:00:00');
    expect(changed.getFirstPropertyValue('location')).toBe('Lawn');
    expect((changed.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe(seconds(moved.updatedAt));
    expect((changed.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString()).toBe(seconds(moved.updatedAt));

    // Each edit is a new revision.
    await edit({ description: 'Moved again' });
    expect(parse((await fetchFeed(app, url)).body).byUid.get(uid)!.getFirstPropertyValue('sequence')).toBe(2);
  });

  it('is four queries whatever the number of events, courses and assignments', async () => {
    const app = await feedApp();
    const host = await buildProfessor(app);
    const student = await buildStudent(app);
    const url = await feedUrl(student, app);
    for (let i = 0; i < 5; i++) {
      await buildEvent(app, host, { date: `2030-06-0${i + 1}` });
      const course = await buildCourse(app, host, { examDate: `2030-07-0${i + 1}` });
      await joinCourse(app, student, course._id);
      await insertAssignment(ctx.database.db, course._id, { dueAt: new Date(`2030-06-2${i}T12:00:00Z`) });
    }
    let body = '';
    const queries = await queriesDuring(async () => {
      body = (await fetchFeed(app, url)).body;
    });
    expect(parse(body).vevents).toHaveLength(15);
    // The feed's owner by the token's hash, then the events, the exam dates and the due times.
    expect(queries).toHaveLength(4);
  });

  it('answers 404 for an unknown or malformed token, with no hint', async () => {
    for (const path of ['/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/calendar/not-a-token.ics', "/calendar/1'%20or%20'1'='1.ics"]) {
      const res = await ctx.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', errors: ['not found'] });
    }
  });

  it('is rate limited per feed: 429 with Retry-After past the limit, other feeds unaffected', async () => {
    const app = await feedApp({ rateLimits: { ...ctx.config.rateLimits, calendarPerFeed: { max: 3, windowMs: 60 * 60_000 } } });
    const student = await buildStudent(app);
    const other = await buildStudent(app);
    const url = await feedUrl(student, app);
    for (let i = 0; i < 3; i++) expect((await fetchFeed(app, url)).statusCode).toBe(200);
    const limited = await fetchFeed(app, url);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', params: { limit: 'calendar_feed' } });
    expect(limited.json().errors[0]).toMatch(/^this calendar feed is fetched too often; try again in \d+ minutes$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fetchFeed(app, await feedUrl(other, app))).statusCode).toBe(200);
  });

  it('never writes the token in the log', async () => {
    const logs = logCollector();
    const app = await ctx.extraApp({ logLevel: 'info' }, logs.stream);
    const student = await buildStudent(app);
    const url = await feedUrl(student, app);
    const token = /\/calendar\/(.+)\.ics$/.exec(url)![1]!;
    expect((await fetchFeed(app, url)).statusCode).toBe(200);
    const lines = logs.entries().filter((e) => e.msg === 'request');
    expect(lines.some((e) => e.url === '/calendar/:token.ics')).toBe(true);
    expect(JSON.stringify(logs.entries())).not.toContain(token);
  });
});

function expectExam(vevent: ICAL.Component, course: Course, start: string, end: string) {
  expect(vevent.getFirstPropertyValue('summary')).toBe(`Exam: ${course.title}`);
  const dtstart = startOf(vevent);
  expect(dtstart.isDate).toBe(true);
  expect(dtstart.toString()).toBe(start);
  const dtend = vevent.getFirstPropertyValue('dtend') as ICAL.Time;
  expect(dtend.isDate).toBe(true);
  expect(dtend.toString()).toBe(end);
  expect(vevent.getFirstPropertyValue('url')).toBe(`http://localhost/course/${course._id}`);
  // Busy, not free: nobody should book the day of an exam whose hours are not announced yet.
  expect(vevent.getFirstPropertyValue('transp')).toBe('OPAQUE');
}
