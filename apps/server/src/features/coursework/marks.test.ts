import { randomUUID } from 'node:crypto';
import { paths } from '@campus/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEntries, assignmentMarks, enrollments, notifications, users } from '../../db/schema';
import { useTestApp } from '../../../test/build-app';
import { insertAssignment, insertSubmission } from '../../../test/coursework-factories';
import { buildCourse, buildProfessor, buildStudent, joinCourse, type TestUser } from '../../../test/factories';
import { buildClass, form, inMinutes, setWork } from './coursework.test-kit';

const ctx = useTestApp();
const HOUR = 60 * 60_000;

const send = (method: 'GET' | 'PUT' | 'POST', url: string, who: TestUser, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const mark = (assignmentId: string, studentId: string, who: TestUser, body: unknown) => send('PUT', paths.coursework.mark(assignmentId, studentId), who, body);
const giveBack = (assignmentId: string, who: TestUser, body: unknown = {}) => send('POST', paths.coursework.return(assignmentId), who, body);
const myMarks = async (who: TestUser) => (await send('GET', paths.coursework.myMarks, who)).json().data.courses;

const toldOf = (userId: string) =>
  ctx.database.db
    .select({ content: notifications.content, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.kind, 'coursework')))
    .orderBy(asc(notifications.seq));

async function classWithWork(fields: Parameters<typeof insertAssignment>[2] = {}) {
  const owner = await buildProfessor(ctx.app, { fullname: 'Asha Rao' });
  const course = await buildCourse(ctx.app, owner, { title: 'Poetry' });
  const student = await buildStudent(ctx.app);
  await joinCourse(ctx.app, student, course._id);
  const assignment = await insertAssignment(ctx.database.db, course._id, { title: 'Sonnets', maxMarks: 20, ...fields });
  return { owner, course, student, assignment };
}

describe('PUT /coursework/:assignmentId/marks/:studentId', () => {
  it('drafts marks with the late penalty of the latest submission; the student sees nothing until returned', async () => {
    const { owner, student, assignment } = await classWithWork();
    // Due three days ahead: handed in 26 hours after it (grace 15 minutes): two days begun late, 20 %.
    await insertSubmission(ctx.database.db, assignment.id, student.user._id, new Date(assignment.dueAt.getTime() + 26 * HOUR));
    const res = await mark(assignment.id, student.user._id, owner, { marks: 15.5, feedback: 'Good metre.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mark).toMatchObject({ marks: 15.5, rubric: null, feedback: 'Good metre.', excused: false, penalty: 20, finalMarks: 12.4, returnedAt: null });
    expect(await myMarks(student)).toEqual([]);
    expect(await toldOf(student.user._id)).toEqual([]);
    // Drafting again replaces the draft.
    expect((await mark(assignment.id, student.user._id, owner, { marks: 16 })).json().data.mark).toMatchObject({ marks: 16, feedback: null, finalMarks: 12.8 });
  });

  it('marks with the rubric: the chosen levels add up, exact to the hundredth', async () => {
    const rubric = [
      { criterion: 'Form', levels: [{ label: 'Weak', marks: 0 }, { label: 'Sound', marks: 4.1 }, { label: 'Fine', marks: 10 }] },
      { criterion: 'Voice', levels: [{ label: 'Flat', marks: 0.2 }, { label: 'Alive', marks: 10 }] },
    ];
    const { owner, student, assignment } = await classWithWork({ rubric });
    const res = await mark(assignment.id, student.user._id, owner, { rubric: [1, 0] });
    expect(res.json().data.mark).toMatchObject({ marks: 4.3, rubric: [1, 0], penalty: 0, finalMarks: 4.3 });
    for (const choice of [[1], [1, 2], [3, 0], [0, 0, 0]]) {
      const refused = await mark(assignment.id, student.user._id, owner, { rubric: choice });
      expect(refused.statusCode, JSON.stringify(choice)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'rubric_choice_invalid', field: 'rubric' });
    }
  });

  it('refuses marks over the maximum (naming the range), a rubric the assignment has not, and students not enrolled', async () => {
    const { owner, course, student, assignment } = await classWithWork();
    const over = await mark(assignment.id, student.user._id, owner, { marks: 20.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'out_of_range', field: 'marks', params: { min: 0, max: 20 }, message: 'Marks must be between 0 and 20' });
    const noRubric = await mark(assignment.id, student.user._id, owner, { rubric: [0] });
    expect(noRubric.statusCode).toBe(400);
    expect(noRubric.json()).toMatchObject({ code: 'rubric_missing', field: 'rubric' });
    const stranger = await buildStudent(ctx.app);
    for (const id of [stranger.user._id, owner.user._id, 'not-an-id']) {
      const res = await mark(assignment.id, id, owner, { marks: 1 });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('student_not_enrolled');
    }
    // Another professor finds no such assignment; a student may not mark.
    const other = await buildProfessor(ctx.app);
    expect((await mark(assignment.id, student.user._id, other, { marks: 1 })).json().code).toBe('assignment_not_found');
    expect((await mark(assignment.id, student.user._id, student, { marks: 1 })).json()).toMatchObject({ statusCode: 403, code: 'course_owner_only' });
    expect(await ctx.database.db.select().from(assignmentMarks)).toEqual([]);
    expect(course._id).toBe(assignment.courseId);
  });

  it('excuses work without marks: no final marks', async () => {
    const { owner, student, assignment } = await classWithWork();
    const res = await mark(assignment.id, student.user._id, owner, { excused: true, feedback: 'Medical leave.' });
    expect(res.json().data.mark).toMatchObject({ marks: null, excused: true, finalMarks: null, feedback: 'Medical leave.' });
  });
});

describe('POST /coursework/:assignmentId/return', () => {
  it('returns every draft not yet returned in one call: counts, tells each student, and writes each an entry of My activity', async () => {
    const { owner, course, student, assignment } = await classWithWork();
    const second = await buildStudent(ctx.app);
    const unmarked = await buildStudent(ctx.app);
    for (const s of [second, unmarked]) await joinCourse(ctx.app, s, course._id);
    await mark(assignment.id, student.user._id, owner, { marks: 18, feedback: 'Lovely.' });
    await mark(assignment.id, second.user._id, owner, { marks: 9 });

    const res = await giveBack(assignment.id, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ returned: 2 });
    expect((await giveBack(assignment.id, owner)).json().data).toEqual({ returned: 0 });

    expect(await toldOf(student.user._id)).toEqual([{ content: 'Prof. Asha Rao returned your marks for "Sonnets" in "Poetry"', link: `/assignment/${assignment.id}` }]);
    expect(await toldOf(second.user._id)).toHaveLength(1);
    expect(await toldOf(unmarked.user._id)).toEqual([]);

    const [mine] = await myMarks(student);
    expect(mine.course).toMatchObject({ _id: course._id, title: 'Poetry' });
    expect(mine.marks).toEqual([
      { assignment: { _id: assignment.id, title: 'Sonnets', kind: 'assignment', maxMarks: 20 }, marks: 18, penalty: 0, finalMarks: 18, feedback: 'Lovely.', excused: false, returnedAt: expect.any(String) },
    ]);
    expect(await myMarks(unmarked)).toEqual([]);

    const activity = (await send('GET', paths.users.activity, student)).json().data.entries;
    expect(activity[0]).toMatchObject({
      action: 'coursework.marks_returned',
      actor: { _id: owner.user._id },
      target: { _id: student.user._id },
      details: { course: { _id: course._id, title: 'Poetry' }, assignment: { _id: assignment.id, title: 'Sonnets' } },
    });
    const entries = await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.action, 'coursework.marks_returned'));
    expect(entries.map((e) => e.targetId).sort()).toEqual([student.user._id, second.user._id].sort());
  });

  it('returns only the students named', async () => {
    const { owner, course, student, assignment } = await classWithWork();
    const second = await buildStudent(ctx.app);
    await joinCourse(ctx.app, second, course._id);
    await mark(assignment.id, student.user._id, owner, { marks: 5 });
    await mark(assignment.id, second.user._id, owner, { marks: 6 });
    expect((await giveBack(assignment.id, owner, { studentIds: [second.user._id] })).json().data).toEqual({ returned: 1 });
    expect(await myMarks(student)).toEqual([]);
    expect((await myMarks(second))[0].marks[0].marks).toBe(6);
    expect((await giveBack(assignment.id, student)).statusCode).toBe(403);
  });

  it('a changed returned mark stays returned, is written in the audit trail, and the student is told', async () => {
    const { owner, student, assignment } = await classWithWork();
    await mark(assignment.id, student.user._id, owner, { marks: 12 });
    await giveBack(assignment.id, owner);
    const res = await mark(assignment.id, student.user._id, owner, { marks: 14, feedback: 'Re-marked.' });
    expect(res.json().data.mark).toMatchObject({ marks: 14, returnedAt: expect.any(String) });
    expect((await myMarks(student))[0].marks[0]).toMatchObject({ marks: 14, finalMarks: 14, feedback: 'Re-marked.' });
    expect((await toldOf(student.user._id)).map((n) => n.content)).toEqual([
      'Prof. Asha Rao returned your marks for "Sonnets" in "Poetry"',
      'Prof. Asha Rao changed your returned marks for "Sonnets" in "Poetry"',
    ]);
    // The same mark sent again changes nothing: nobody is told twice.
    await mark(assignment.id, student.user._id, owner, { marks: 14, feedback: 'Re-marked.' });
    expect(await toldOf(student.user._id)).toHaveLength(2);
    const activity = (await send('GET', paths.users.activity, student)).json().data.entries;
    expect(activity.filter((e: { action: string }) => e.action === 'coursework.marks_changed')).toHaveLength(1);
    expect(activity[0]).toMatchObject({ action: 'coursework.marks_changed', details: { assignment: { _id: assignment.id }, changes: { finalMarks: { from: 12, to: 14 } } } });
    // A draft changed before its return is no news.
    const second = await classWithWork();
    await mark(second.assignment.id, second.student.user._id, second.owner, { marks: 1 });
    await mark(second.assignment.id, second.student.user._id, second.owner, { marks: 2 });
    expect(await toldOf(second.student.user._id)).toEqual([]);
  });

  it('returns 300 students in one transaction within 300 ms', async () => {
    const { owner, course, assignment } = await classWithWork();
    const db = ctx.database.db;
    const ids = Array.from({ length: 300 }, () => randomUUID());
    await db.insert(users).values(ids.map((id, i) => ({ id, registrationId: 700_000_000 + i, email: `bulk${i}@campus.test`, fullname: `Bulk ${i}`, semester: 3, branch: 'Computer Engineering', userrole: 2 })));
    await db.insert(enrollments).values(ids.map((studentId) => ({ courseId: course._id, studentId })));
    await db.insert(assignmentMarks).values(ids.map((studentId, i) => ({ assignmentId: assignment.id, studentId, marksHundredths: (i % 20) * 100 })));
    const started = performance.now();
    const res = await giveBack(assignment.id, owner);
    const ms = performance.now() - started;
    expect(res.json().data).toEqual({ returned: 300 });
    expect(ms).toBeLessThan(300);
    const counts = await db.execute(sql`select
      (select count(*)::int from ${notifications} where kind = 'coursework') as told,
      (select count(*)::int from ${auditEntries} where action = 'coursework.marks_returned') as audited`);
    expect((counts as unknown as { rows: unknown[] }).rows[0]).toEqual({ told: 300, audited: 300 });
  });
});

describe('marks through the whole flow', () => {
  it('work set and handed in late through the API: the draft stays hidden from the assignment until returned, then shows with its penalty', async () => {
    const { owner, courseId, students } = await buildClass(ctx.app, 1);
    const student = students[0]!;
    const work = await setWork(ctx.app, owner, courseId, { dueAt: inMinutes(-120), graceMinutes: 15, latePenaltyPercentPerDay: 10, maxMarks: 20 });
    const handedIn = await ctx.app.inject({ method: 'POST', url: paths.coursework.submit(work._id), ...form(student.cookie, { text: 'My essay' }) });
    expect(handedIn.statusCode, handedIn.body).toBe(201);
    expect(handedIn.json().data.submission.penalty).toBe(10);

    expect((await mark(work._id, student.user._id, owner, { marks: 15, feedback: 'Late but good.' })).json().data.mark).toMatchObject({ penalty: 10, finalMarks: 13.5 });
    const seen = async () => (await send('GET', paths.coursework.get(work._id), student)).json().data.assignment.myMarks ?? null;
    expect(await seen()).toBeNull();
    expect((await giveBack(work._id, owner)).json().data).toEqual({ returned: 1 });
    expect(await seen()).toMatchObject({ marks: 15, penalty: 10, finalMarks: 13.5, feedback: 'Late but good.', excused: false });
    expect((await myMarks(student))[0].marks[0]).toMatchObject({ marks: 15, penalty: 10, finalMarks: 13.5 });
  });
});
