import { MESSAGES, paths, type CampusEvent, type EventListing } from '@campus/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { logCollector, queriesDuring, storedFiles, useTestApp } from '../../../test/build-app';
import { buildEvent, buildProfessor, buildStudent, eventFields, loginExamOffice, withCookie, type TestUser } from '../../../test/factories';
import { multipart, pngOfSize, pngThumbnail, textFile, tinyJpeg } from '../../../test/fixtures';

const ctx = useTestApp();

const get = (url: string, who?: TestUser, app: FastifyInstance = ctx.app) => app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const del = (url: string, who?: TestUser, app: FastifyInstance = ctx.app) => app.inject({ method: 'DELETE', url, headers: who ? { cookie: who.cookie } : {} });
const create = (who: TestUser, fields: Record<string, string | undefined>, files = {}) =>
  ctx.app.inject({ method: 'POST', url: paths.events.create, ...withCookie(multipart(fields, files), who.cookie) });
const listed = (res: { json(): { data: { listofevents: EventListing[] } } }) => res.json().data.listofevents;
const titles = (res: { json(): { data: { listofevents: EventListing[] } } }) => listed(res).map((e) => e.events.title);
const count = async (table: string) => Number(((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]?.n);

/** An app on the same database whose clock reads `at` in `timeZone`. */
const appAt = (at: string, timeZone = 'Asia/Kolkata') => ctx.extraApp({ campusTimeZone: timeZone, now: () => new Date(at) });
/** An app whose clock reads 2020: events hosted through it were upcoming then, whatever they are now. */
const appIn2020 = () => appAt('2020-01-01T00:00:00Z');
/** What a start before 11:30 on the campus's today is told, word for word (clients compare it). */
const PAST_1130 = 'Time is in the past: an event today must start at 11:30 (campus time) or later';

describe('POST /events/create-event', () => {
  it('creates an event from form fields with a thumbnail: 201, the literal message and the event JSON', async () => {
    const host = await buildProfessor(ctx.app);
    const res = await create(
      host,
      eventFields({ title: ' Hackathon ', date: '2026-12-05', time: '09:05', venue: 'Lab 3', instagram: 'https://instagram.com/x', gform: ' https://forms.gle/abc ' }),
      pngThumbnail(),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 201, success: true, message: MESSAGES.eventCreated });
    expect(body.message).toBe('event created successfully');
    const event = body.data.event as CampusEvent;
    expect(Object.keys(body.data)).toEqual(['event']);
    expect(Object.keys(event).sort()).toEqual(
      ['_id', 'title', 'description', 'date', 'time', 'venue', 'thumbnail', 'owner', 'instagram', 'twitter', 'linkedin', 'gform', 'createdAt', 'updatedAt'].sort(),
    );
    expect(event).toMatchObject({
      title: 'Hackathon',
      date: '2026-12-05',
      time: '09:05',
      venue: 'Lab 3',
      owner: host.user._id,
      instagram: 'https://instagram.com/x',
      twitter: '',
      linkedin: '',
      gform: 'https://forms.gle/abc',
    });
    expect(event.thumbnail).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    // Any logged-in user sees a thumbnail beside the event; a URL alone gives no access.
    const thumb = await get(event.thumbnail, await buildStudent(ctx.app));
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect((await get(event.thumbnail)).statusCode).toBe(401);
  });

  it('lets students host too, with a jpeg or no thumbnail at all', async () => {
    const student = await buildStudent(ctx.app);
    const withJpeg = await create(student, eventFields(), { thumbnail: { filename: 'c.jpg', contentType: 'image/jpeg', data: tinyJpeg() } });
    expect(withJpeg.statusCode).toBe(201);
    const bare = await create(student, eventFields());
    expect(bare.statusCode).toBe(201);
    expect(bare.json().data.event).toMatchObject({ thumbnail: '', owner: student.user._id });
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ description: '   ' }, 'Description is required'],
    [{ description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
    [{ date: '2026-02-30' }, 'Date is not a real calendar date'],
    [{ date: '24/11/2026' }, 'Date must be a date (YYYY-MM-DD)'],
    [{ date: undefined }, 'Date must be a date (YYYY-MM-DD)'],
    [{ time: '24:00' }, 'Time must be HH:MM between 00:00 and 23:59'],
    [{ time: '7pm' }, 'Time must be HH:MM between 00:00 and 23:59'],
    [{ time: undefined }, 'Time is required'],
    [{ venue: '' }, 'Venue is required'],
    [{ instagram: 'javascript:alert(1)' }, 'Instagram link must start with http:// or https://'],
    [{ twitter: 'twitter.com/x' }, 'Twitter link must start with http:// or https://'],
    [{ linkedin: 'ftp://files.example/x' }, 'LinkedIn link must start with http:// or https://'],
    [{ gform: 'data:text/html,hi' }, 'Google form link must start with http:// or https://'],
  ])('refuses %o with a 400 naming the field, keeping no event and no thumbnail', async (override, message) => {
    const host = await buildStudent(ctx.app);
    const avatars = storedFiles(ctx);
    const res = await create(host, { ...eventFields(), ...override }, pngThumbnail());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, statusCode: 400 });
    expect(res.json().errors[0]).toBe(message);
    expect(await count('events')).toBe(0);
    expect(await count("files where kind = 'thumbnail'")).toBe(0);
    expect(storedFiles(ctx)).toEqual(avatars);
  });

  it('refuses a thumbnail that is not an image (415) or too large (413), leaving nothing', async () => {
    const host = await buildProfessor(ctx.app);
    const avatars = storedFiles(ctx);
    // The name and the claimed type say png; the bytes decide.
    const wrong = await create(host, eventFields(), { thumbnail: textFile('cover.png', 'not an image') });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json()).toMatchObject({ code: 'file_wrong_type', field: 'thumbnail', errors: ['Thumbnail must be a png or jpeg image'] });
    const big = await create(host, eventFields(), { thumbnail: { filename: 'big.png', contentType: 'image/png', data: pngOfSize(5 * 1024 * 1024 + 1) } });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'file_too_large', field: 'thumbnail', errors: ['Thumbnail must be at most 5 MB'] });
    expect(await count('events')).toBe(0);
    expect(await count("files where kind = 'thumbnail'")).toBe(0);
    expect(storedFiles(ctx)).toEqual(avatars);
  });

  it('refuses a start already past on campus (400 naming the date or the time), keeping nothing; the current minute is not past', async () => {
    // 11:30 on 15 June 2026 in Kolkata; 06:00 the same day on a campus in UTC.
    const kolkata = await appAt('2026-06-15T06:00:00Z');
    const host = await buildStudent(ctx.app);
    const avatars = storedFiles(ctx);
    const createAt = (app: FastifyInstance, fields: Record<string, string>) =>
      app.inject({ method: 'POST', url: paths.events.create, ...withCookie(multipart(eventFields(fields), pngThumbnail()), host.cookie) });

    const yesterday = await createAt(kolkata, { date: '2026-06-14', time: '23:59' });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json()).toMatchObject({ code: 'event_day_past', field: 'date', errors: ['Date is in the past: choose today or a later day'] });
    const earlierToday = await createAt(kolkata, { date: '2026-06-15', time: '11:29' });
    expect(earlierToday.statusCode).toBe(400);
    expect(earlierToday.json()).toMatchObject({ code: 'event_time_past', field: 'time', params: { earliest: '11:30' }, errors: [PAST_1130] });
    expect(await count('events')).toBe(0);
    expect(await count("files where kind = 'thumbnail'")).toBe(0);
    expect(storedFiles(ctx)).toEqual(avatars);

    expect((await createAt(kolkata, { date: '2026-06-15', time: '11:30' })).statusCode).toBe(201);
    expect((await createAt(kolkata, { date: '2026-06-16', time: '00:00' })).statusCode).toBe(201);
    // The campus's zone decides: at the same instant it is only 06:00 on a campus in UTC.
    const utc = await appAt('2026-06-15T06:00:00Z', 'UTC');
    expect((await createAt(utc, { date: '2026-06-15', time: '06:00' })).statusCode).toBe(201);
    expect((await createAt(utc, { date: '2026-06-15', time: '05:59' })).statusCode).toBe(400);
  });

  it('is refused to the logged-out (401), storing nothing', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: paths.events.create, ...multipart(eventFields(), pngThumbnail()) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, statusCode: 401 });
    expect(await count('events')).toBe(0);
    expect(storedFiles(ctx)).toEqual([]);
  });
});

const update = (who: TestUser | undefined, eventId: string, fields: Record<string, string | undefined>, files = {}, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'PATCH', url: paths.events.update(eventId), ...(who ? withCookie(multipart(fields, files), who.cookie) : multipart(fields, files)) });

/** Every field of an edit, as the web form sends them (links not given are left out). */
const edited = (overrides: Record<string, string | undefined> = {}) => ({
  title: 'Robotics night (moved)',
  description: 'Now with a drone race',
  date: '2031-02-03',
  time: '19:45',
  venue: 'Open-air theatre',
  twitter: 'https://x.com/robotics',
  ...overrides,
});

describe('PATCH /events/update-event/:eventId', () => {
  it('the host changes every field and the thumbnail: 200, the message, the event as stored; the old thumbnail goes', async () => {
    const host = await buildProfessor(ctx.app);
    const event = await buildEvent(ctx.app, host, { title: 'Robotics night', instagram: 'https://instagram.com/r' }, pngThumbnail());
    const reader = await buildStudent(ctx.app);
    const files = storedFiles(ctx).length;
    const res = await update(host, event._id, edited(), { thumbnail: { filename: 'new.jpg', contentType: 'image/jpeg', data: tinyJpeg() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, success: true, message: 'event updated successfully' });
    expect(res.json().message).toBe(MESSAGES.eventUpdated);
    expect(Object.keys(res.json().data)).toEqual(['event']);
    const changed = res.json().data.event as CampusEvent;
    expect(changed).toMatchObject({
      _id: event._id,
      owner: host.user._id,
      title: 'Robotics night (moved)',
      description: 'Now with a drone race',
      date: '2031-02-03',
      time: '19:45',
      venue: 'Open-air theatre',
      // Sent as create-event takes them: a link left out is none.
      instagram: '',
      twitter: 'https://x.com/robotics',
      createdAt: event.createdAt,
    });
    expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(event.updatedAt));
    expect(changed.thumbnail).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    expect(changed.thumbnail).not.toBe(event.thumbnail);
    expect((await get(paths.events.get(event._id), host)).json().data.listofevents[0].events).toEqual(changed);

    const thumb = await get(changed.thumbnail, reader);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await get(event.thumbnail, reader)).statusCode).toBe(404);
    expect(await count("files where kind = 'thumbnail'")).toBe(1);
    // One file in, one out: the old bytes are removed once the change is committed.
    await vi.waitFor(() => expect(storedFiles(ctx)).toHaveLength(files));
  });

  it('keeps the thumbnail when none is sent, and can add one to an event that had none', async () => {
    const host = await buildStudent(ctx.app);
    const withCover = await buildEvent(ctx.app, host, {}, pngThumbnail());
    const kept = await update(host, withCover._id, edited());
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.event.thumbnail).toBe(withCover.thumbnail);
    expect((await get(withCover.thumbnail, host)).statusCode).toBe(200);

    const bare = await buildEvent(ctx.app, host);
    const added = await update(host, bare._id, edited(), pngThumbnail());
    expect(added.statusCode).toBe(200);
    expect(added.json().data.event.thumbnail).toMatch(/^\/files\//);
    expect(await count("files where kind = 'thumbnail'")).toBe(2);
  });

  it('is 403 for anyone but the host, storing nothing and changing nothing; 404 for unknown ids; 401 logged out', async () => {
    const host = await buildProfessor(ctx.app);
    const event = await buildEvent(ctx.app, host, {}, pngThumbnail());
    const others = [await buildStudent(ctx.app), await buildProfessor(ctx.app), await loginExamOffice(ctx.app)];
    const files = storedFiles(ctx);
    for (const other of others) {
      const res = await update(other, event._id, edited(), pngThumbnail());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'event_host_only_edit', errors: ['only the host of this event can edit it'] });
    }
    expect((await update(undefined, event._id, edited(), pngThumbnail())).statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await update(host, id, edited(), pngThumbnail());
      expect(res.statusCode).toBe(404);
      expect(res.json().errors).toEqual(['event not found']);
    }
    expect((await get(paths.events.get(event._id), host)).json().data.listofevents[0].events).toEqual(event);
    expect(await count("files where kind = 'thumbnail'")).toBe(1);
    expect(storedFiles(ctx)).toEqual(files);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
    [{ date: '2031-02-30' }, 'Date is not a real calendar date'],
    [{ time: '7pm' }, 'Time must be HH:MM between 00:00 and 23:59'],
    [{ venue: '   ' }, 'Venue is required'],
    [{ gform: 'javascript:alert(1)' }, 'Google form link must start with http:// or https://'],
  ])('refuses %o as create-event does (400 naming the field), changing nothing and keeping no file', async (override, message) => {
    const host = await buildStudent(ctx.app);
    const event = await buildEvent(ctx.app, host, {}, pngThumbnail());
    const files = storedFiles(ctx);
    const res = await update(host, event._id, edited(override), pngThumbnail());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toBe(message);
    expect((await get(paths.events.get(event._id), host)).json().data.listofevents[0].events).toEqual(event);
    expect(await count("files where kind = 'thumbnail'")).toBe(1);
    expect(storedFiles(ctx)).toEqual(files);
  });

  it('refuses a thumbnail that is not an image (415), keeping the old one', async () => {
    const host = await buildStudent(ctx.app);
    const event = await buildEvent(ctx.app, host, {}, pngThumbnail());
    const res = await update(host, event._id, edited(), { thumbnail: textFile('cover.png', 'not an image') });
    expect(res.statusCode).toBe(415);
    expect((await get(event.thumbnail, host)).statusCode).toBe(200);
    expect((await get(paths.events.get(event._id), host)).json().data.listofevents[0].events).toEqual(event);
  });

  it('refuses moving an event into the past, but lets the host fix a past event that stays where it was', async () => {
    // 11:30 on 15 June 2026 on campus; the events were hosted back when they were upcoming.
    const app = await appAt('2026-06-15T06:00:00Z');
    const earlier = await appIn2020();
    const host = await buildProfessor(ctx.app);
    const upcoming = await buildEvent(earlier, host, { date: '2026-06-20', time: '10:00' });
    const movedBack = await update(host, upcoming._id, edited({ date: '2026-06-14', time: '10:00' }), {}, app);
    expect(movedBack.statusCode).toBe(400);
    expect(movedBack.json()).toMatchObject({ code: 'event_day_past', field: 'date' });
    const earlierToday = await update(host, upcoming._id, edited({ date: '2026-06-15', time: '09:00' }), {}, app);
    expect(earlierToday.statusCode).toBe(400);
    expect(earlierToday.json()).toMatchObject({ code: 'event_time_past', params: { earliest: '11:30' }, errors: [PAST_1130] });
    expect((await update(host, upcoming._id, edited({ date: '2026-06-15', time: '11:30' }), {}, app)).statusCode).toBe(200);

    // A past event: its date and time unchanged, the rest may be corrected.
    const past = await buildEvent(earlier, host, { date: '2026-06-10', time: '18:00' });
    const fixed = await update(host, past._id, edited({ date: '2026-06-10', time: '18:00', description: 'Typo fixed' }), {}, app);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data.event).toMatchObject({ date: '2026-06-10', time: '18:00', description: 'Typo fixed' });
    // Moving it is held to the rule: not to another past day or time…
    expect((await update(host, past._id, edited({ date: '2026-06-11', time: '18:00' }), {}, app)).statusCode).toBe(400);
    expect((await update(host, past._id, edited({ date: '2026-06-10', time: '18:30' }), {}, app)).statusCode).toBe(400);
    // …but it may be moved to a day to come.
    expect((await update(host, past._id, edited({ date: '2026-07-01', time: '18:00' }), {}, app)).json().data.event.date).toBe('2026-07-01');
  });
});

describe('listings', () => {
  it('all-events: every event by date then time, each wrapped with its host, in one SQL query', async () => {
    const earlier = await appIn2020();
    const ada = await buildProfessor(ctx.app, { fullname: 'Ada Lovelace' });
    const sam = await buildStudent(ctx.app, { fullname: 'Sam Student' });
    await buildEvent(earlier, ada, { title: 'Late', date: '2031-03-01', time: '20:00' });
    await buildEvent(earlier, sam, { title: 'Early', date: '2025-01-01', time: '10:00' });
    await buildEvent(earlier, ada, { title: 'Same day, morning', date: '2031-03-01', time: '08:00' });

    let res!: Awaited<ReturnType<typeof get>>;
    const queries = await queriesDuring(async () => {
      res = await get(paths.events.all, sam);
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data)).toEqual(['listofevents']);
    expect(titles(res)).toEqual(['Early', 'Same day, morning', 'Late']);
    const [first, second] = listed(res);
    expect(Object.keys(first!).sort()).toEqual(['avatar', 'events', 'fullname']);
    expect(first).toMatchObject({ fullname: 'Sam Student', avatar: sam.user.avatar });
    expect(second).toMatchObject({ fullname: 'Ada Lovelace', avatar: ada.user.avatar });
    expect(second!.events).toMatchObject({ date: '2031-03-01', time: '08:00', owner: ada.user._id });
    // One statement resolves the session, one builds the whole listing: no N+1.
    expect(queries.filter((q) => !/from "sessions"/.test(q))).toHaveLength(1);
  });

  it('my-events: only what the caller hosts; empty for someone who hosts nothing', async () => {
    const me = await buildStudent(ctx.app);
    const other = await buildProfessor(ctx.app);
    await buildEvent(ctx.app, me, { title: 'Mine B', date: '2030-05-02' });
    await buildEvent(ctx.app, other, { title: 'Theirs' });
    await buildEvent(ctx.app, me, { title: 'Mine A', date: '2030-05-01' });
    expect(titles(await get(paths.events.mine, me))).toEqual(['Mine A', 'Mine B']);
    expect(titles(await get(paths.events.mine, await loginExamOffice(ctx.app)))).toEqual([]);
  });

  it('other-events: every other day, upcoming soonest first, then past latest first, in one SQL query', async () => {
    const earlier = await appIn2020();
    // 15 June 2026 in Kolkata.
    const app = await appAt('2026-06-15T06:00:00Z');
    const host = await buildProfessor(ctx.app);
    const make = (title: string, date: string, time = '12:00') => buildEvent(earlier, host, { title, date, time });
    await make('past, May', '2026-05-01');
    await make('past, 10 June morning', '2026-06-10', '10:00');
    await make('today', '2026-06-15');
    await make('next year', '2027-01-01');
    await make('20 June, 9:00 first made', '2026-06-20', '09:00');
    await make('past, 10 June evening', '2026-06-10', '18:00');
    await make('tomorrow', '2026-06-16', '23:00');
    await make('20 June, 9:00 made later', '2026-06-20', '09:00');
    await make('20 June, 8:00', '2026-06-20', '08:00');

    let res!: Awaited<ReturnType<typeof get>>;
    const queries = await queriesDuring(async () => {
      res = await get(paths.events.other, host, app);
    });
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual([
      'tomorrow',
      '20 June, 8:00',
      '20 June, 9:00 first made',
      '20 June, 9:00 made later',
      'next year',
      'past, 10 June evening',
      'past, 10 June morning',
      'past, May',
    ]);
    expect(queries.filter((q) => !/from "sessions"/.test(q))).toHaveLength(1);
    expect(titles(await get(paths.events.today, host, app))).toEqual(['today']);
  });

  it('today-events: only the campus day, by time', async () => {
    const earlier = await appIn2020();
    const app = await appAt('2026-06-15T06:00:00Z');
    const host = await buildStudent(ctx.app);
    await buildEvent(earlier, host, { title: 'evening', date: '2026-06-15', time: '19:00' });
    await buildEvent(earlier, host, { title: 'yesterday', date: '2026-06-14' });
    await buildEvent(earlier, host, { title: 'morning', date: '2026-06-15', time: '07:30' });
    const res = await get(paths.events.today, host, app);
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['morning', 'evening']);
    expect(listed(res)[0]).toMatchObject({ fullname: host.user.fullname, avatar: host.user.avatar });
  });

  it('"today" is the campus day (CAMPUS_TZ), not the server clock\'s UTC day', async () => {
    const earlier = await appIn2020();
    // 20:00 UTC on 23 November is already 01:30 on 24 November in Kolkata.
    const at = '2026-11-23T20:00:00Z';
    const kolkata = await appAt(at, 'Asia/Kolkata');
    const host = await buildStudent(ctx.app);
    await buildEvent(earlier, host, { title: 'on the 24th', date: '2026-11-24' });
    await buildEvent(earlier, host, { title: 'on the 23rd', date: '2026-11-23' });
    expect(titles(await get(paths.events.today, host, kolkata))).toEqual(['on the 24th']);
    // The 23rd is over on campus: it is a past event, after the upcoming ones (none here).
    expect(titles(await get(paths.events.other, host, kolkata))).toEqual(['on the 23rd']);
    // The same instant on a campus in UTC is still the 23rd.
    const utc = await appAt(at, 'UTC');
    expect(titles(await get(paths.events.today, host, utc))).toEqual(['on the 23rd']);
    expect(titles(await get(paths.events.other, host, utc))).toEqual(['on the 24th']);
  });

  it('every listing is refused to the logged-out (401)', async () => {
    for (const url of [paths.events.today, paths.events.other, paths.events.all, paths.events.mine, `${paths.events.byTitle}?title=x`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ success: false, statusCode: 401 });
    }
  });
});

describe('GET /events/searchbytitle', () => {
  it('matches a case-insensitive substring over other-events only, in their order', async () => {
    const earlier = await appIn2020();
    const app = await appAt('2026-06-15T06:00:00Z');
    const host = await buildProfessor(ctx.app);
    await buildEvent(earlier, host, { title: 'Robotics Meetup (past)', date: '2026-06-01' });
    await buildEvent(earlier, host, { title: 'ROBOTICS finals', date: '2026-07-01' });
    await buildEvent(earlier, host, { title: 'robotics today', date: '2026-06-15' });
    await buildEvent(earlier, host, { title: 'Chess club', date: '2026-06-20' });
    const search = (title: string) => get(`${paths.events.byTitle}?title=${encodeURIComponent(title)}`, host, app);
    const res = await search('rObOtIcS');
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['ROBOTICS finals', 'Robotics Meetup (past)']);
    expect(listed(res)[0]).toMatchObject({ fullname: host.user.fullname, avatar: host.user.avatar });
    // Empty (or absent, or blank) finds every other event, in other-events' order.
    const everything = ['Chess club', 'ROBOTICS finals', 'Robotics Meetup (past)'];
    expect(titles(await search(''))).toEqual(everything);
    expect(titles(await search('  '))).toEqual(everything);
    expect(titles(await get(paths.events.byTitle, host, app))).toEqual(everything);
    expect(titles(await search('nothing like it'))).toEqual([]);
  });

  it("takes '%', '_' and '\\' literally, not as wildcards", async () => {
    const host = await buildStudent(ctx.app);
    for (const title of ['100% Fun', '100 Fun', 'snake_case night', 'snakeXcase night', 'back\\slash', 'backslash']) {
      await buildEvent(ctx.app, host, { title, date: '2030-01-01' });
    }
    const search = async (title: string) => titles(await get(`${paths.events.byTitle}?title=${encodeURIComponent(title)}`, host)).sort();
    expect(await search('%')).toEqual(['100% Fun']);
    expect(await search('0% f')).toEqual(['100% Fun']);
    expect(await search('_')).toEqual(['snake_case night']);
    expect(await search('E_C')).toEqual(['snake_case night']);
    expect(await search('\\')).toEqual(['back\\slash']);
    expect(await search('.*')).toEqual([]);
  });

  it('refuses a title longer than a title may be (400 naming it)', async () => {
    const host = await buildStudent(ctx.app);
    const res = await get(`${paths.events.byTitle}?title=${'x'.repeat(201)}`, host);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toBe('Title must be at most 200 characters');
  });
});

describe('GET /events/get-event/:eventId', () => {
  it('answers the event as a one-entry listing with its host', async () => {
    const host = await buildProfessor(ctx.app, { fullname: 'Grace Hopper' });
    const event = await buildEvent(ctx.app, host, { title: 'Compilers talk', twitter: 'https://x.com/grace' }, pngThumbnail());
    const res = await get(paths.events.get(event._id), await buildStudent(ctx.app));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ listofevents: [{ events: event, fullname: 'Grace Hopper', avatar: host.user.avatar }] });
  });

  it('is 404 for an unknown or malformed id and 401 for the logged-out', async () => {
    const me = await buildStudent(ctx.app);
    const event = await buildEvent(ctx.app, me);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '1; drop table events']) {
      const res = await get(paths.events.get(id), me);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'event_not_found', errors: ['event not found'] });
    }
    expect((await get(paths.events.get(event._id))).statusCode).toBe(401);
  });
});

describe('DELETE /events/delete-event/:eventId', () => {
  it('the host deletes the event and its thumbnail: data {}, the URL gone, the bytes removed', async () => {
    const host = await buildStudent(ctx.app);
    const event = await buildEvent(ctx.app, host, {}, pngThumbnail());
    const kept = await buildEvent(ctx.app, host, { title: 'kept' }, pngThumbnail());
    const before = storedFiles(ctx).length;
    const res = await del(paths.events.delete(event._id), host);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, success: true, data: {} });
    expect((await get(paths.events.get(event._id), host)).statusCode).toBe(404);
    expect((await get(event.thumbnail, host)).statusCode).toBe(404);
    expect(await count('files where kind = \'thumbnail\'')).toBe(1);
    await vi.waitFor(() => expect(storedFiles(ctx)).toHaveLength(before - 1));
    expect(titles(await get(paths.events.all, host))).toEqual(['kept']);
    expect((await get(kept.thumbnail, host)).statusCode).toBe(200);
  });

  it('bytes that fail to go do not fail the deletion: 200, the rows gone, the orphan logged', async () => {
    const logs = logCollector();
    const app = await ctx.extraApp({ logLevel: 'warn' }, logs.stream);
    app.fileStore.delete = async () => {
      throw new Error('disk unavailable');
    };
    const host = await buildProfessor(ctx.app);
    const event = await buildEvent(ctx.app, host, {}, pngThumbnail());
    const before = storedFiles(ctx).length;
    const res = await del(paths.events.delete(event._id), host, app);
    expect(res.statusCode).toBe(200);
    expect((await get(event.thumbnail, host, app)).statusCode).toBe(404);
    expect(storedFiles(ctx)).toHaveLength(before);
    expect(logs.entries().some((e) => e.msg.includes('orphaned'))).toBe(true);
  });

  it('is 403 for anyone but the host (the event stays), 404 for unknown or malformed ids, 401 logged out', async () => {
    const host = await buildProfessor(ctx.app);
    const event = await buildEvent(ctx.app, host, {}, pngThumbnail());
    for (const other of [await buildStudent(ctx.app), await buildProfessor(ctx.app), await loginExamOffice(ctx.app)]) {
      const res = await del(paths.events.delete(event._id), other);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'event_host_only', errors: ['only the host of this event can delete it'] });
    }
    expect((await del(paths.events.delete(event._id))).statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) expect((await del(paths.events.delete(id), host)).statusCode).toBe(404);
    expect(await count('events')).toBe(1);
    expect((await get(event.thumbnail, host)).statusCode).toBe(200);
  });

  it('a host who is deleted takes their events along (cascade)', async () => {
    const host = await buildStudent(ctx.app);
    await buildEvent(ctx.app, host);
    await ctx.database.db.execute(sql`delete from users where id = ${host.user._id}`);
    expect(await count('events')).toBe(0);
  });
});
