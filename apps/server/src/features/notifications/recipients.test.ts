import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema';
import { useTestApp } from '../../../test/build-app';
import { buildCourse, buildProfessor, buildStudent, joinCourse } from '../../../test/factories';
import { cohort, enrolledIn, examOffice, oneUser, type Recipients } from './recipients';

const ctx = useTestApp();

/** Tells `to` a notice with a fresh text, and answers the ids of those who got it. */
async function toldBy(to: Recipients): Promise<string[]> {
  const content = `selector test ${Math.random()}`;
  await ctx.database.db.transaction((tx) => ctx.app.notify(tx, to, { content, link: null, kind: null }));
  const rows = await ctx.database.db.select({ id: notifications.recipientId }).from(notifications).where(eq(notifications.content, content));
  return rows.map((r) => r.id).sort();
}

const ids = (...people: { user: { _id: string } }[]) => people.map((p) => p.user._id).sort();

describe('the audiences a notice can go to', () => {
  it('cohort: the students of that semester and branch, not its professors nor the next semester', async () => {
    const branch = 'Production Engineering';
    const inCohort = [await buildStudent(ctx.app, { semester: 3, branch }), await buildStudent(ctx.app, { semester: 3, branch })];
    await buildStudent(ctx.app, { semester: 4, branch });
    await buildStudent(ctx.app, { semester: 3, branch: 'Civil Engineering' });
    await buildProfessor(ctx.app, { semester: 3, branch });
    expect(await toldBy(cohort(3, branch))).toEqual(ids(...inCohort));
  });

  it('enrolledIn: the students who joined that course, and nobody else', async () => {
    const prof = await buildProfessor(ctx.app);
    const course = await buildCourse(ctx.app, prof);
    const joined = [await buildStudent(ctx.app), await buildStudent(ctx.app)];
    for (const s of joined) await joinCourse(ctx.app, s, course._id);
    await buildStudent(ctx.app);
    expect(await toldBy(enrolledIn(course._id))).toEqual(ids(...joined));
  });

  it('examOffice: every exam office account, however many the campus has', async () => {
    const clerk = await buildProfessor(ctx.app);
    await ctx.database.db.update(users).set({ isExamOffice: true }).where(eq(users.id, clerk.user._id));
    const office = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.isExamOffice, true));
    expect(office.length).toBeGreaterThanOrEqual(2);
    expect(await toldBy(examOffice())).toEqual(office.map((o) => o.id).sort());
  });

  it('oneUser: that user alone', async () => {
    const [a, b] = [await buildStudent(ctx.app), await buildStudent(ctx.app)];
    expect(await toldBy(oneUser(a.user._id))).toEqual(ids(a));
    expect(await ctx.database.db.select().from(notifications).where(inArray(notifications.recipientId, [b.user._id]))).toEqual([]);
  });
});
