import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments, notifications } from '../../db/schema';
import { needed } from '../../platform/provide';
import { useTestApp } from '../../../test/build-app';
import { insertAssignment, insertSubmission } from '../../../test/coursework-factories';
import { buildCourse, buildProfessor, buildStudent, joinCourse } from '../../../test/factories';
import { sendDueReminders } from './reminders';

const ctx = useTestApp();
const HOUR = 60 * 60_000;
/** The clock of these tests: the reminders look from here. */
const NOW = new Date('2030-05-15T06:30:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

const remind = (now = NOW) => sendDueReminders({ db: ctx.database.db, notify: needed(ctx.app, 'notify') }, now, 'Asia/Kolkata');
const reminders = () =>
  ctx.database.db
    .select({ to: notifications.recipientId, content: notifications.content, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.kind, 'coursework'))
    .orderBy(asc(notifications.seq));

describe('the 24-hour reminder', () => {
  it('tells each enrolled student who has not handed in, once per assignment', async () => {
    const db = ctx.database.db;
    const owner = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, owner, { title: 'Poetry' });
    const [lazy, diligent] = [await buildStudent(ctx.app), await buildStudent(ctx.app)];
    for (const s of [lazy, diligent]) await joinCourse(ctx.app, s, course._id);
    const due = await insertAssignment(db, course._id, { title: 'Sonnets', dueAt: at(23), publishedAt: at(-72) });
    await insertSubmission(db, due.id, diligent.user._id, at(-1));
    const later = await insertAssignment(db, course._id, { title: 'Later', dueAt: at(25), publishedAt: at(-72) });

    expect(await remind()).toBe(1);
    // 23 hours after NOW in Kolkata (+05:30): Thursday 16 May 2030, 11:00 am.
    expect(await reminders()).toEqual([{ to: lazy.user._id, content: 'Reminder: "Sonnets" in "Poetry" is due Thursday 16 May at 11:00 am', link: `/assignment/${due.id}` }]);
    expect(await remind(at(0.5))).toBe(0);
    expect(await reminders()).toHaveLength(1);
    const [claimed] = await db.select({ remindedAt: assignments.remindedAt }).from(assignments).where(eq(assignments.id, due.id));
    expect(claimed?.remindedAt).toEqual(NOW);
    // Two hours on, the later one is within a day: both students are told of it.
    expect(await remind(at(2))).toBe(2);
    expect((await reminders()).filter((n) => n.link === `/assignment/${later.id}`).map((n) => n.to).sort()).toEqual([lazy.user._id, diligent.user._id].sort());
  });

  it('tells nobody of work published less than a day before it is due, of a test, of a draft, or of work already past due', async () => {
    const db = ctx.database.db;
    const owner = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, owner);
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    const lastMinute = await insertAssignment(db, course._id, { dueAt: at(20), publishedAt: at(-1) });
    const pastDue = await insertAssignment(db, course._id, { dueAt: at(-2), publishedAt: at(-72) });
    await insertAssignment(db, course._id, { kind: 'test', dueAt: at(10), publishedAt: at(-72) });
    const draft = await insertAssignment(db, course._id, { dueAt: at(10), published: false });
    expect(await remind()).toBe(0);
    expect(await reminders()).toEqual([]);
    // Claimed all the same, so no later run looks at them again; the draft waits for its publication.
    const rows = await db.select({ id: assignments.id, remindedAt: assignments.remindedAt }).from(assignments);
    const claimed = new Map(rows.map((r) => [r.id, r.remindedAt]));
    expect(claimed.get(lastMinute.id)).toEqual(NOW);
    expect(claimed.get(pastDue.id)).toEqual(NOW);
    expect(claimed.get(draft.id)).toBeNull();
  });

  it('two instances running at once send each reminder once', async () => {
    const db = ctx.database.db;
    const owner = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, owner);
    const student = await buildStudent(ctx.app);
    await joinCourse(ctx.app, student, course._id);
    await insertAssignment(db, course._id, { dueAt: at(12), publishedAt: at(-72) });
    const told = await Promise.all([remind(), remind()]);
    expect(told.sort()).toEqual([0, 1]);
    expect(await reminders()).toHaveLength(1);
  });
});
