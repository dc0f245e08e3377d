import { paths } from '@campus/contract';
import ICAL from 'ical.js';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments } from '../../db/schema';
import { useTestApp } from '../../../test/build-app';
import { insertAssignment } from '../../../test/coursework-factories';
import { buildCourse, buildProfessor, buildStudent, joinCourse, type TestUser } from '../../../test/factories';
import { buildClass, setWork } from './coursework.test-kit';

const ctx = useTestApp();

async function feedOf(who: TestUser) {
  const res = await ctx.app.inject({ method: 'GET', url: paths.calendar.feed, headers: { cookie: who.cookie } });
  const feed = await ctx.app.inject({ method: 'GET', url: new URL(res.json().data.url as string).pathname });
  expect(feed.statusCode).toBe(200);
  const vevents = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent');
  return new Map(vevents.map((v) => [String(v.getFirstPropertyValue('uid')), v]));
}

describe('the calendar feed: due times', () => {
  it("carries each published assignment's due time for its course's students and owner, under a stable UID whose SEQUENCE counts the moves", async () => {
    const db = ctx.database.db;
    const owner = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, owner, { title: 'Poetry' });
    const student = await buildStudent(ctx.app);
    const outsider = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    const dueAt = new Date('2031-03-04T11:30:00Z');
    const work = await insertAssignment(db, course._id, { title: 'Sonnets', dueAt });
    const draft = await insertAssignment(db, course._id, { title: 'Draft', published: false });
    const uid = `assignment-${work.id}@localhost`;

    for (const who of [student, owner]) {
      const events = await feedOf(who);
      const event = events.get(uid);
      expect(event, 'a VEVENT for the assignment').toBeDefined();
      expect(event!.getFirstPropertyValue('summary')).toBe('Due: Sonnets (Poetry)');
      expect((event!.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate()).toEqual(dueAt);
      expect(event!.getFirstPropertyValue('sequence')).toBe(0);
      expect(event!.getFirstPropertyValue('url')).toBe(`http://localhost/assignment/${work.id}`);
      expect(events.has(`assignment-${draft.id}@localhost`)).toBe(false);
    }
    expect((await feedOf(outsider)).has(uid)).toBe(false);

    // The due time moves (as the assignment's edit does it: a new time, one more revision).
    const later = new Date('2031-03-06T11:30:00Z');
    await db.update(assignments).set({ dueAt: later, dueRevision: sql`${assignments.dueRevision} + 1`, updatedAt: new Date() }).where(eq(assignments.id, work.id));
    const moved = (await feedOf(student)).get(uid)!;
    expect(moved.getFirstPropertyValue('sequence')).toBe(1);
    expect((moved.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate()).toEqual(later);
  });
});

describe('the calendar feed: due times set and moved through the API', () => {
  it('a due time moved by the assignment\'s edit keeps its UID and raises SEQUENCE; the same time again does not', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app, 1);
    const work = await setWork(ctx.app, owner, courseId, { dueAt: '2031-03-04T11:30:00Z' });
    const uid = `assignment-${work._id}@localhost`;
    const edit = async (payload: Record<string, unknown>) => {
      const res = await ctx.app.inject({ method: 'PATCH', url: paths.coursework.update(work._id), headers: { cookie: owner.cookie }, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    expect((await feedOf(students[0]!)).get(uid)!.getFirstPropertyValue('sequence')).toBe(0);
    await edit({ dueAt: '2031-03-05T11:30:00Z' });
    const moved = (await feedOf(students[0]!)).get(uid)!;
    expect(moved.getFirstPropertyValue('sequence')).toBe(1);
    expect((moved.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate()).toEqual(new Date('2031-03-05T11:30:00Z'));
    await edit({ title: 'Renamed', dueAt: '2031-03-05T11:30:00Z' });
    const renamed = (await feedOf(owner)).get(uid)!;
    expect(renamed.getFirstPropertyValue('sequence')).toBe(1);
    expect(renamed.getFirstPropertyValue('summary')).toMatch(/^Due: Renamed \(/);
  });
});
